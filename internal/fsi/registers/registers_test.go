package registers

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"omologa/internal/tournament"
)

func TestReadPlayers(t *testing.T) {
	tests := []struct {
		name    string
		src     string
		want    []Player
		extra   []string
		wantErr string
	}{
		{
			name: "comma with BOM",
			src: "\ufefffsi_id,fide_id,surname,name,sex,birth_date,federation,province,club,category,elo_italia,fide_standard,fide_rapid,elo_rapid,rapid_k20,membership_year\n" +
				"123456,,Rossi,Mario,m,1980-05-02,ITA,MI,Scacchi Milano,1n,1810,,,1750,,2026\n",
			want: []Player{{FSIID: "123456", Surname: "Rossi", Name: "Mario", Sex: "M",
				BirthDate: tournament.NewDate(1980, 5, 2), Federation: "ITA", Province: "MI",
				Club: "Scacchi Milano", Category: "1N", EloItalia: 1810, EloRapid: 1750, MembershipYear: 2026, Line: 2}},
		},
		{
			name: "semicolons, columns reordered, extra state column",
			src:  "surname;name;fsi_id;rapid_k20;last_played\nBianchi;Anna;987654;1;2026-10-01\n",
			want: []Player{{FSIID: "987654", Surname: "Bianchi", Name: "Anna", RapidK20: true,
				Extra: map[string]string{"last_played": "2026-10-01"}, Line: 2}},
			extra: []string{"last_played"},
		},
		{
			name:    "bad rating names line and column",
			src:     "fsi_id,surname,name,elo_italia\n1,A,B,1500\n2,C,D,abc\n",
			wantErr: "x.csv:3: elo_italia:",
		},
		{
			name:    "bad category",
			src:     "fsi_id,surname,name,category\n1,A,B,GM\n",
			wantErr: "x.csv:2: category:",
		},
		{
			name:    "missing column",
			src:     "fsi_id,surname\n1,A\n",
			wantErr: "x.csv:1: name: column missing",
		},
		{
			name:    "not UTF-8",
			src:     "fsi_id,surname,name\n1,Caf\xe8,B\n",
			wantErr: "not UTF-8",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ps, err := ReadPlayers("x.csv", []byte(tt.src))
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want containing %q", err, tt.wantErr)
				}
				var re *Error
				if !errors.As(err, &re) {
					t.Errorf("error %T is not a *registers.Error", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(ps.Rows, tt.want) {
				t.Errorf("rows\n got %+v\nwant %+v", ps.Rows, tt.want)
			}
			if !reflect.DeepEqual(ps.ExtraHeader, tt.extra) {
				t.Errorf("extra header %v, want %v", ps.ExtraHeader, tt.extra)
			}
		})
	}
}

// A list written by the rating stage must read back as the same register,
// so that periods chain.
func TestWritePlayersRoundTrip(t *testing.T) {
	src := "fsi_id,fide_id,surname,name,sex,birth_date,federation,province,club,category,elo_italia,fide_standard,fide_rapid,elo_rapid,rapid_k20,membership_year,last_played\n" +
		"1,2,\"De Luca, jr\",Ugo,M,1990,ITA,RM,\"Club \"\"X\"\"\",CM,2010,2050,,2100,1,2026,2026-09-30\n"
	ps, err := ReadPlayers("in.csv", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WritePlayers(&buf, ps); err != nil {
		t.Fatal(err)
	}
	back, err := ReadPlayers("out.csv", buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(ps, back) {
		t.Errorf("round trip\n got %+v\nwant %+v", back, ps)
	}
}

func TestReadArbitersAndCalendar(t *testing.T) {
	as, err := ReadArbiters("a.csv", []byte("fsi_id,surname,name,category,email,valid_until\n55,Verdi,Luca,an,l@x.it,2027-12-31\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(as) != 1 || as[0].Category != "AN" || as[0].ValidUntil != tournament.NewDate(2027, 12, 31) {
		t.Errorf("arbiters %+v", as)
	}
	ev, err := ReadCalendar("c.csv", []byte("code,name,city,start,end,kind,organiser,organiser_email,arbiter_fsi_id\nT1,Open,Roma,2026-10-01,2026-10-05,Standard,ASD,o@x.it,55\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(ev) != 1 || ev[0].Kind != "standard" || ev[0].End != tournament.NewDate(2026, 10, 5) {
		t.Errorf("calendar %+v", ev)
	}
	// The province column is optional, read in capitals.
	ev, err = ReadCalendar("c.csv", []byte("code,name,city,start,end,province\nT2,Open,Roma,2026-10-01,2026-10-05,rm\n"))
	if err != nil || len(ev) != 1 || ev[0].Province != "RM" {
		t.Errorf("calendar with provinces %+v (%v)", ev, err)
	}
	if _, err := ReadCalendar("c.csv", []byte("code,name,start,end\nT1,Open,2026-13-01,2026-10-05\n")); err == nil || !strings.Contains(err.Error(), "c.csv:2: start") {
		t.Errorf("bad date error %v", err)
	}
}

// TestReadArbitersFideID: the optional fide_id column of the arbiters'
// register (FIDE-RR 9.1: the TRF forwarded to FIDE names its arbiters
// by FIDE id).
func TestReadArbitersFideID(t *testing.T) {
	const head = "fsi_id,surname,name,category,email,valid_until,fide_id\n"
	tests := []struct {
		name    string
		src     string
		want    []string // the FIDE ids read, in order
		wantErr string
	}{
		{"absent column: an old register stays valid",
			"fsi_id,surname,name,category\n55,Verdi,Luca,AN\n56,Neri,Anna,AR\n", []string{"", ""}, ""},
		{"digits, blank, zero",
			head + "55,Verdi,Luca,AN,,,862401\n56,Neri,Anna,AR,,,\n57,Bo,Ugo,AF,,,0\n", []string{"862401", "", ""}, ""},
		{"column anywhere, semicolons, spaces trimmed",
			"fide_id;fsi_id;surname;name;category\n 862401 ;55;Verdi;Luca;AN\n", []string{"862401"}, ""},
		{"not digits: file, line and column",
			head + "55,Verdi,Luca,AN,,,862401\n56,Neri,Anna,AR,,,86-24O2\n", nil, `a.csv:3: fide_id: "86-24O2" is not a FIDE id`},
		{"a FIDE id for two arbiters",
			head + "55,Verdi,Luca,AN,,,862401\n56,Neri,Anna,AR,,,\n57,Bo,Ugo,AF,,,0862401\n", nil, "a.csv:4: fide_id: FIDE id 0862401 is also the arbiter's of line 2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			as, err := ReadArbiters("a.csv", []byte(tt.src))
			if tt.wantErr != "" {
				var re *Error
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) || !errors.As(err, &re) {
					t.Fatalf("error %v, want a *registers.Error containing %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, a := range as {
				got = append(got, a.FideID)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("FIDE ids %q, want %q", got, tt.want)
			}
		})
	}
}

// TestKeyFoldIsNotFold: a stored tournament's key keeps its accents and
// punctuation (the keys of the tournaments already stored), while the
// name matcher folds them away; the two differ on purpose.
func TestKeyFoldIsNotFold(t *testing.T) {
	for _, c := range []struct{ in, key, fold string }{
		{"  3° Open  Città di Novara ", "3° open città di novara", "3 open citta di novara"},
		{"D'Amico", "d'amico", "d amico"},
		{"ROSSI Mario", "rossi mario", "rossi mario"},
	} {
		if got := KeyFold(c.in); got != c.key {
			t.Errorf("KeyFold(%q) = %q, want %q", c.in, got, c.key)
		}
		if got := Fold(c.in); got != c.fold {
			t.Errorf("Fold(%q) = %q, want %q", c.in, got, c.fold)
		}
	}
}

// A register omologa writes is safe to open in a spreadsheet (no cell
// begins a formula) and reads back as it was.
func TestWritePlayersSafeAndRoundTrip(t *testing.T) {
	in := &Players{Rows: []Player{{FSIID: "123", Surname: "=HYPERLINK(\"http://x\")", Name: "@Mario", Club: "+Scacchi", EloItalia: 1500}}}
	var buf bytes.Buffer
	if err := WritePlayers(&buf, in); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(buf.String(), ",=") || strings.Contains(buf.String(), ",@") || strings.Contains(buf.String(), ",+") {
		t.Errorf("a cell begins a formula: %s", buf.String())
	}
	out, err := ReadPlayers("x.csv", buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if r := out.Rows[0]; r.Surname != in.Rows[0].Surname || r.Name != "@Mario" || r.Club != "+Scacchi" || r.EloItalia != 1500 {
		t.Errorf("read back %+v", r)
	}
}

// TestPlayerColumnPositions keeps the positions readPlayer reads by in
// step with PlayerColumns.
func TestPlayerColumnPositions(t *testing.T) {
	if len(PlayerColumns) != pcColumns {
		t.Fatalf("%d PlayerColumns, %d positions", len(PlayerColumns), pcColumns)
	}
	for k, want := range map[int]string{pcFSIID: "fsi_id", pcBirthDate: "birth_date", pcCategory: "category",
		pcEloRapid: "elo_rapid", pcRapidK20: "rapid_k20", pcMembershipYear: "membership_year"} {
		if PlayerColumns[k] != want {
			t.Errorf("position %d is %q, want %q", k, PlayerColumns[k], want)
		}
	}
}

// A register read on every core reads as one read record after record:
// the same rows, lines and errors, blank lines and a last line without
// its end included.
func TestReadPlayersOnCores(t *testing.T) {
	var b strings.Builder
	b.WriteString("\xef\xbb\xbf" + "fsi_id,surname,name,birth_date,elo_rapid,category,norms\n")
	for i := range 3000 {
		switch {
		case i%97 == 0:
			b.WriteString("\n  \n")
		case i%113 == 0:
			b.WriteString(fmt.Sprintf("%d,Rossi,Bad %d,2001-13-40,x,ZZ,\n", i, i))
		default:
			b.WriteString(fmt.Sprintf("%d, Rossi,Mario %d,1990-01-%02d,%d,2N,2026-01-01:L\n", i, i, 1+i%28, 1400+i))
		}
	}
	b.WriteString("99999,Last,Line,,,,")
	data := []byte(b.String())
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	defer func(v int) { onCoresFrom = v }(onCoresFrom)
	onCoresFrom = 1 << 40
	want, werr := ReadPlayers("r.csv", data)
	onCoresFrom = 1
	got, gerr := ReadPlayers("r.csv", data)
	if fmt.Sprint(werr) != fmt.Sprint(gerr) || werr == nil {
		t.Fatalf("errors differ:\n%v\n%v", gerr, werr)
	}
	if !reflect.DeepEqual(got, want) || len(got.Rows) < 2900 {
		t.Fatalf("read on every core: %d rows, one by one %d rows, not the same", len(got.Rows), len(want.Rows))
	}
	for _, bad := range []string{"surname,name\nx,y\n", "", "\n\n"} {
		onCoresFrom = 1 << 40
		_, werr := ReadPlayers("r.csv", []byte(bad))
		onCoresFrom = 1
		if _, gerr := ReadPlayers("r.csv", []byte(bad)); fmt.Sprint(werr) != fmt.Sprint(gerr) {
			t.Errorf("%q: on every core %v, one by one %v", bad, gerr, werr)
		}
	}
}
