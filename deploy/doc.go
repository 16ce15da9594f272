// Package deploy holds the files that install omologa on a server: the
// systemd units (omologa.service, the daemon; omologa-web.service, the
// web application). It has no code: its test checks the units with
// systemd-analyze verify.
package deploy
