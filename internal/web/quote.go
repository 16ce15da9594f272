package web

import (
	"bytes"
	"encoding/csv"
	"net/http"
	"sort"
	"strconv"

	"omologa/internal/homologation/state"
	"omologa/internal/intake/statement"
	"omologa/internal/office"
	"omologa/internal/platform/italian"
	"omologa/internal/platform/safecsv"
)

// quoteData is the treasurer's page (issue 33): every fee with its
// state, the totals, the fees by organiser and by province, the payments
// unmatched with their suggestions, and the acts (a statement's upload,
// a payment entered by hand, a suggestion confirmed, a fee waived).
type quoteData struct {
	Rows       []office.FeeRow
	Totals     quoteTotals
	Organisers []quoteGroup
	Provinces  []quoteGroup
	Unmatched  []office.Unmatched
	Import     *office.PaymentsResult
	MayPay     bool // import, enter, confirm
	MayWaive   bool
	Today      string // YYYY-MM-DD, the manual entry's default
}

// quoteTotals are the page's sums, in cents.
type quoteTotals struct {
	Due, Overdue, Paid, Waived, Balance int64
}

// quoteGroup is the fees of one organiser or province.
type quoteGroup struct {
	Name            string
	Count           int
	Due, Paid, Owed int64
}

func (s *Server) quoteData(r *http.Request) (*quoteData, error) {
	rows, err := s.o.Fees(r.Context())
	if err != nil {
		return nil, err
	}
	role := visitOf(r).actor().Role
	d := &quoteData{MayPay: role.May(office.ActPayments), MayWaive: role.May(office.ActFee),
		Today: s.now().In(s.zone).Format("2006-01-02")}
	orgs, provs := map[string]*quoteGroup{}, map[string]*quoteGroup{}
	add := func(m map[string]*quoteGroup, name string, f office.FeeRow) {
		g := m[name]
		if g == nil {
			g = &quoteGroup{Name: name}
			m[name] = g
		}
		g.Count++
		g.Due += f.DueCents
		g.Paid += f.PaidCents
		g.Owed += f.View.OwedCents
	}
	for _, f := range rows {
		if f.View.State == state.FeeNone && f.PaidCents == 0 {
			continue // a rejected tournament, or one with no fee: nothing for the treasurer
		}
		d.Rows = append(d.Rows, f)
		switch f.View.State {
		case state.FeeDue:
			d.Totals.Due += f.View.OwedCents
			if f.View.Overdue {
				d.Totals.Overdue += f.View.OwedCents
			}
		case state.FeeWaived:
			d.Totals.Waived += f.DueCents
		}
		d.Totals.Paid += f.PaidCents
		d.Totals.Balance += f.View.BalanceCents
		add(orgs, f.Organiser, f)
		add(provs, f.Province, f)
	}
	d.Organisers, d.Provinces = groups(orgs), groups(provs)
	if d.Unmatched, err = s.o.Unmatched(r.Context()); err != nil {
		return nil, err
	}
	return d, nil
}

func groups(m map[string]*quoteGroup) []quoteGroup {
	out := make([]quoteGroup, 0, len(m))
	for _, g := range m {
		out = append(out, *g)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Owed != out[j].Owed {
			return out[i].Owed > out[j].Owed
		}
		return out[i].Name < out[j].Name
	})
	return out
}

func (s *Server) quotePage(w http.ResponseWriter, r *http.Request) {
	d, err := s.quoteData(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.render(w, r, http.StatusOK, "quote", "quote", d)
}

// quoteImport reads an uploaded bank statement (office.PaymentsImport,
// as `omologa payments import`) and shows the page with what it did.
func (s *Server) quoteImport(w http.ResponseWriter, r *http.Request) {
	name, data, ok := s.uploaded(w, r)
	if !ok {
		return
	}
	res, err := s.o.PaymentsImport(r.Context(), visitOf(r).actor(), name, data)
	if err != nil {
		s.failBack(w, r, err, "/quote")
		return
	}
	d, err := s.quoteData(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	d.Import = res
	s.render(w, r, http.StatusOK, "quote", "quote", d)
}

// quoteConfirm confirms that a payment pays a fee (office.PaymentConfirm).
func (s *Server) quoteConfirm(w http.ResponseWriter, r *http.Request) {
	pay, _ := strconv.ParseInt(r.PostFormValue("payment"), 10, 64)
	sub, _ := strconv.ParseInt(r.PostFormValue("submission"), 10, 64)
	if err := s.o.PaymentConfirm(r.Context(), visitOf(r).actor(), pay, sub); err != nil {
		s.failBack(w, r, err, "/quote")
		return
	}
	http.Redirect(w, r, "/quote?done=paymentConfirmed#fee-"+strconv.FormatInt(sub, 10), http.StatusSeeOther)
}

// quoteAdd records a payment entered by hand (office.PaymentAdd).
func (s *Server) quoteAdd(w http.ResponseWriter, r *http.Request) {
	date, err := statement.ParseDate(r.PostFormValue("date"))
	if err != nil {
		s.refuse(w, r, office.Refusal(office.Invalid, "web.refused.payment-date"), "/quote")
		return
	}
	cents, err := statement.ParseCents(r.PostFormValue("amount"))
	if err != nil {
		s.refuse(w, r, office.Refusal(office.Invalid, "web.refused.payment-amount"), "/quote")
		return
	}
	sub, _ := strconv.ParseInt(r.PostFormValue("submission"), 10, 64)
	if _, err := s.o.PaymentAdd(r.Context(), visitOf(r).actor(), office.PaymentEntry{Date: date, Cents: cents,
		Description: r.PostFormValue("description"), Channel: r.PostFormValue("channel"), Submission: sub}); err != nil {
		s.failBack(w, r, err, "/quote")
		return
	}
	http.Redirect(w, r, "/quote?done=paymentAdded", http.StatusSeeOther)
}

// quoteWaive records an officer's waiver (office.FeeWaive).
func (s *Server) quoteWaive(w http.ResponseWriter, r *http.Request) {
	sub, _ := strconv.ParseInt(r.PostFormValue("submission"), 10, 64)
	if err := s.o.FeeWaive(r.Context(), visitOf(r).actor(), sub, r.PostFormValue("reason")); err != nil {
		s.failBack(w, r, err, "/quote")
		return
	}
	http.Redirect(w, r, "/quote?done=feeWaived#fee-"+strconv.FormatInt(sub, 10), http.StatusSeeOther)
}

// quoteCSV is the fees for Italian Excel: semicolons, decimal commas,
// a BOM, and no cell a spreadsheet would run as a formula (safecsv).
func (s *Server) quoteCSV(w http.ResponseWriter, r *http.Request) {
	d, err := s.quoteData(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	L := texts()[s.langOf(r)]
	var b bytes.Buffer
	b.WriteString("\ufeff")
	cw := csv.NewWriter(&b)
	cw.Comma = ';'
	_ = cw.Write([]string{L["submission"], L["feeReference"], L["tournament"], L["organiser"], L["province"],
		L["feeDue"], L["feePaid"], L["feeOwed"], L["feeBalance"], L["feeDueBy"], L["state"]})
	money := italian.Cents
	for _, f := range d.Rows {
		label := f.View.Label
		if s.langOf(r) == "en" {
			label = f.View.LabelEN
		}
		_ = cw.Write(safecsv.Row([]string{strconv.FormatInt(f.SubmissionID, 10), f.Reference, f.Tournament, f.Organiser,
			f.Province, money(f.DueCents), money(f.PaidCents), money(f.View.OwedCents), money(f.View.BalanceCents),
			italian.DateISO(f.DueBy), label}))
	}
	cw.Flush()
	attachment(w, "text/csv; charset=utf-8", "quote.csv", int64(b.Len()), bytes.NewReader(b.Bytes()))
}
