package integration

import (
	"github.com/emersion/go-imap/v2/imapclient"
)

// appender is a client the test appends with.
type appender struct{ c *imapclient.Client }
