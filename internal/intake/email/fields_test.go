package email

import (
	"testing"
)

func TestFields_RAPID_5_2(t *testing.T) {
	for _, tc := range []struct {
		name string
		body string
		want map[string]string
	}{
		{"RAPID 5.2: Italian labels", "Luogo: Roma\nData: 1/11/2026\nArbitro: Mario Rossi\nOrganizzatore: ASD Roma\n",
			map[string]string{"venue": "Roma", "date": "1/11/2026", "arbiter": "Mario Rossi", "organiser": "ASD Roma"}},
		{"RAPID 5.2: English labels", "Venue: Milan\nDate: 2026-11-01\nChief Arbiter: Anna\nOrganizer: Club\n",
			map[string]string{"venue": "Milan", "date": "2026-11-01", "arbiter": "Anna", "organiser": "Club"}},
		{"RAPID 5.2: case, accents, apostrophes, spacing", "LOCALITÀ :  Cantù  \nsede: ignored, first wins\n  direttore   di GARA: Bianchi\nSocieta' organizzatrice: CS Cantù",
			map[string]string{"venue": "Cantù", "arbiter": "Bianchi", "organiser": "CS Cantù"}},
		{"RAPID 5.2: bullets and markdown", "- **Sede:** Torino\n* Data: 5 dic\n• Arbitro: Verdi",
			map[string]string{"venue": "Torino", "date": "5 dic", "arbiter": "Verdi"}},
		{"RAPID 5.2: value on the next line", "Luogo:\n\nPalazzo dei Congressi\nOrganizzatore:\nArbitro: X",
			map[string]string{"venue": "Palazzo dei Congressi", "arbiter": "X"}},
		{"RAPID 5.2: quoted lines skipped", "> Luogo: Old\nLuogo: New",
			map[string]string{"venue": "New"}},
		{"RAPID 5.2: forwarded header's Date is not the tournament's", "---- Forwarded ----\nFrom: a@b.it\nDate: Mon, 2 Nov 2026\nSubject: x\n\nData: 1 novembre 2026",
			map[string]string{"date": "1 novembre 2026"}},
		{"RAPID 5.2: Italian forward header", "Da: a@b.it\nInviato: lunedì\nData: 3 nov\nOggetto: y\n",
			map[string]string{}},
		{"RAPID 5.2: unrelated labels", "Data di nascita: 1980\nNote: nessuna\nhttp://example.org",
			map[string]string{}},
		{"RAPID 5.2: fullwidth colon and CRLF", "Luogo：Napoli\r\nData: oggi\r\n",
			map[string]string{"venue": "Napoli", "date": "oggi"}},
		{"RAPID 5.2: other recognised fields", "Torneo: Open di Roma\nCadenza: 15+10",
			map[string]string{"tournament": "Open di Roma", "rate": "15+10"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := Fields(tc.body)
			if len(got) != len(tc.want) {
				t.Errorf("Fields = %q, want %q", got, tc.want)
			}
			for k, v := range tc.want {
				if got[k] != v {
					t.Errorf("%s = %q, want %q", k, got[k], v)
				}
			}
		})
	}
}

func TestStripHTML(t *testing.T) {
	got := StripHTML(`<p>Luogo: <b>Roma</b></p><script>x=1</script><br>Arbitro:&nbsp;M&egrave;`)
	if want := "Luogo: Roma\n\nArbitro: Mè"; got != want {
		t.Errorf("StripHTML = %q, want %q", got, want)
	}
}
