package tournament

import "testing"

func TestSprintfIT(t *testing.T) {
	tests := []struct {
		format string
		args   []any
		want   string
	}{
		{"record sconosciuto %q ignorato", []any{"XYZ"}, "record sconosciuto «XYZ» ignorato"},
		{"%q", []any{"a\"b\x01"}, `«a"b\x01»`},
		{"turno %d: %s", []any{3, "testo"}, "turno 3: testo"},
		{"%5s|", []any{"ab"}, "   ab|"},
		{"data %q", []any{NewDate(2011, 2, 25)}, "data «2011-02-25»"},
	}
	for _, tt := range tests {
		if got := SprintfIT(tt.format, tt.args...); got != tt.want {
			t.Errorf("SprintfIT(%q, %v) = %q, want %q", tt.format, tt.args, got, tt.want)
		}
	}
}
