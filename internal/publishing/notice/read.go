package notice

import (
	"bytes"
	"io"

	gomail "github.com/emersion/go-message/mail"
)

// Sent is a composed notice read back: its recipients, subject and text
// part, as `omologa status --show` and the office's web page show it.
type Sent struct {
	To      []string
	Subject string
	Text    string
}

// Read reads back a message Compose wrote.
func Read(msg []byte) (*Sent, error) {
	mr, err := gomail.CreateReader(bytes.NewReader(msg))
	if err != nil {
		return nil, err
	}
	s := &Sent{}
	s.Subject, _ = mr.Header.Subject()
	to, _ := mr.Header.AddressList("To")
	for _, a := range to {
		s.To = append(s.To, a.Address)
	}
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			return s, nil
		}
		if err != nil {
			return nil, err
		}
		if h, ok := p.Header.(*gomail.InlineHeader); ok {
			if ct, _, _ := h.ContentType(); ct == "text/plain" {
				b, err := io.ReadAll(p.Body)
				s.Text = string(b)
				return s, err
			}
		}
	}
}
