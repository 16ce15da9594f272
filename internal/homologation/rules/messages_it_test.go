package rules

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The Italian messages quote a value from the file or the message with
// Italian quotation marks, «4 b =», as the notices quote names and files;
// straight quotes are English typography.
func TestItalianMessagesQuoteWithGuillemets(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "..", "rules.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	quoted := regexp.MustCompile(`\\"\{[a-z_]+\}\\"`)
	for i, l := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "message_it:") && quoted.MatchString(l) {
			t.Errorf("rules.yaml:%d: %s", i+1, strings.TrimSpace(l))
		}
	}
}
