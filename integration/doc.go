// Package integration holds omologa's end-to-end tests with real peers:
// an IMAP server (go-imap's in-process server, and Dovecot when it is
// installed) feeding the pipeline, an SMTP server receiving the notices,
// and crash tests that kill the daemon while mail flows. It has no code
// of its own beyond the tests.
package integration
