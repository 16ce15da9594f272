package mailer

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestOutboxWritesOnceByMessageID(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "outbox")
	o, err := NewOutbox(dir)
	if err != nil {
		t.Fatal(err)
	}
	msg := []byte("Message-Id: <omologa.7.abc@fsi.example>\r\nSubject: x\r\n\r\nbody\r\n")
	env := Envelope{From: "o@fsi.example", To: []string{"a@x.example", "b@x.example"}}
	for range 2 { // a resend after a crash rewrites the same file
		if err := o.Send(context.Background(), env, msg); err != nil {
			t.Fatal(err)
		}
	}
	es, _ := os.ReadDir(dir)
	if len(es) != 1 || es[0].Name() != "omologa.7.abc@fsi.example.eml" {
		t.Fatalf("outbox holds %v", es)
	}
	b, _ := os.ReadFile(filepath.Join(dir, es[0].Name()))
	if !strings.HasPrefix(string(b), "X-Envelope-From: <o@fsi.example>\r\nX-Envelope-To: <a@x.example>\r\nX-Envelope-To: <b@x.example>\r\nMessage-Id:") {
		t.Fatalf("%q", b)
	}
}

func TestOutboxNameWithoutMessageID(t *testing.T) {
	a, b := FileName([]byte("Subject: a\r\n\r\nx")), FileName([]byte("Subject: b\r\n\r\nx"))
	if a == b || !strings.HasSuffix(a, ".eml") {
		t.Fatal(a, b)
	}
	if n := FileName([]byte("Message-Id: <../../etc/passwd>\r\n\r\n")); strings.Contains(n, "/") {
		t.Fatalf("unsafe name %q", n)
	}
}

func TestOutboxFailsWhenItCannotWrite(t *testing.T) {
	dir := t.TempDir()
	o := &Outbox{Dir: filepath.Join(dir, "missing", "deeper")}
	if err := o.Send(context.Background(), Envelope{}, []byte("\r\n")); err == nil {
		t.Fatal("no error writing to a missing folder")
	}
}
