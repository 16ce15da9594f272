package safecsv

import "testing"

func TestCell(t *testing.T) {
	for in, want := range map[string]string{
		"":                               "",
		"Rossi":                          "Rossi",
		"=HYPERLINK(\"http://x\",\"a\")": "'=HYPERLINK(\"http://x\",\"a\")",
		"+39 333":                        "'+39 333",
		"-Rossi":                         "'-Rossi",
		"@SUM(A1)":                       "'@SUM(A1)",
		"\tcmd":                          "'\tcmd",
		"\rcmd":                          "'\rcmd",
		"-12":                            "-12",
		"+3,5":                           "+3,5",
		"-0.25":                          "-0.25",
		"1500":                           "1500",
		"-":                              "'-",
		"--1":                            "'--1",
		"1-2":                            "1-2",
		"'=x":                            "'=x",
	} {
		if got := Cell(in); got != want {
			t.Errorf("Cell(%q) = %q, want %q", in, got, want)
		}
		if back := Uncell(Cell(in)); back != in && in != "'=x" {
			t.Errorf("Uncell(Cell(%q)) = %q", in, back)
		}
	}
}

func FuzzRoundTrip(f *testing.F) {
	for _, s := range []string{"=1+1", "-12", "Rossi", "'=x", "@"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c := Cell(s)
		if c != "" && trigger(c[0]) && !number(c) {
			t.Fatalf("Cell(%q) = %q still begins a formula", s, c)
		}
		if len(s) > 0 && s[0] == '\'' {
			return // a value already quoted by hand reads back without its quote
		}
		if got := Uncell(c); got != s {
			t.Fatalf("Uncell(Cell(%q)) = %q", s, got)
		}
	})
}
