// Package deploy holds the files that install omologa on a server: the
// systemd unit omologa.service (the daemon, which serves the web
// application too). It has no code: its test checks the unit with
// systemd-analyze verify.
package deploy
