package ingest

// bytesOf is a Content's bytes, for assertions (an unreadable one shows
// as a mismatch).
func bytesOf(c Content) []byte { b, _ := c.ReadAll(); return b }
