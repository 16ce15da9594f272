// Package mail turns one raw RFC 5322 message into an ingest.Submission:
// sender, Message-ID, subject, the body text, the attachments and the
// body's labelled fields (RAPID 5.2). Hostile input (broken MIME, unknown
// charsets, path-like attachment names, oversized parts) never makes it
// fail: what cannot be taken is recorded as a Problem, and memory stays
// bounded by Limits.
package email

import (
	"bufio"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/quotedprintable"
	netmail "net/mail"
	"path"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/emersion/go-message"
	gomail "github.com/emersion/go-message/mail"
	"github.com/emersion/go-message/textproto"

	"omologa/internal/intake/ingest"
	"omologa/internal/platform/catalogue"
	"omologa/internal/platform/defaults"
	"omologa/internal/platform/italian"
)

// Limits bound what one message may cost. The message itself is read
// as a stream (from memory or from the spool), and so are its
// attachments, into the spool: these bound what is taken from it.
type Limits struct {
	MaxPart  int64 // decoded bytes of one attachment
	MaxTotal int64 // decoded bytes of all attachments together
	MaxParts int   // leaf parts walked
	MaxDepth int   // multipart / message/rfc822 nesting
	// MaxBody bounds the bytes of one text part kept, and of the
	// message's text in the end; all text parts together keep at most
	// twice as much (a plain text and its HTML alternative).
	MaxBody int
	// MaxArchiveFiles bounds the entries of one attached archive; zero
	// takes ingest.DefaultLimits'.
	MaxArchiveFiles int
}

// DefaultLimits fit tournament files (a few hundred KB at most) with a
// wide margin, while a 100 MB attachment is refused.
var DefaultLimits = Limits{
	MaxPart:  ingest.DefaultMaxFileBytes,
	MaxTotal: ingest.DefaultMaxArchiveBytes,
	MaxParts: 200,
	MaxDepth: 10,
	MaxBody:  1 << 20,
}

func (l Limits) withDefaults() Limits {
	d := DefaultLimits
	defaults.Fill(&l.MaxPart, d.MaxPart)
	defaults.Fill(&l.MaxTotal, d.MaxTotal)
	defaults.Fill(&l.MaxParts, d.MaxParts)
	defaults.Fill(&l.MaxDepth, d.MaxDepth)
	defaults.Fill(&l.MaxBody, d.MaxBody)
	return l
}

// Parse reads a raw message received at receivedAt (the server's
// INTERNALDATE) with DefaultLimits, in memory. It always returns a
// Submission holding the message as Original, even for garbage: what
// could not be read is in Problems. The error is reserved for the
// caller's misuse (nil raw).
func Parse(raw []byte, receivedAt time.Time) (*ingest.Submission, error) {
	return ParseWithLimits(raw, receivedAt, DefaultLimits)
}

// ParseWithLimits is Parse with explicit limits; a zero field takes its
// DefaultLimits value.
func ParseWithLimits(raw []byte, receivedAt time.Time, lim Limits) (*ingest.Submission, error) {
	if raw == nil {
		return nil, errors.New("mail: nil message")
	}
	return Read(ingest.Bytes(raw), receivedAt, lim, nil)
}

// Read parses the message orig (spooled or in memory) as Parse does, but
// as a stream: the message is never held whole, and each attachment is
// decoded straight into the spool sp (into memory for a nil one), so
// that a message of tens of megabytes costs little memory. The
// Submission's Original is orig; its Cleanup removes orig's spool file
// and the attachments'. The error says the message could not be read at
// all (orig unreadable, the spool failing: disk full), never that it is
// malformed; no spool file of the attachments is left behind then, and
// orig stays the caller's.
func Read(orig ingest.Content, receivedAt time.Time, lim Limits, sp *ingest.Spool) (*ingest.Submission, error) {
	lim = lim.withDefaults()
	if orig.IsZero() {
		return nil, errors.New("mail: no message")
	}
	r, err := orig.Open()
	if err != nil {
		return nil, fmt.Errorf("mail: %w", err)
	}
	defer r.Close()
	s := &ingest.Submission{
		Channel:    ingest.ChannelIMAP,
		Message:    true,
		ReceivedAt: receivedAt,
		Original:   orig,
		Fields:     map[string]string{},
	}
	p := &parser{sub: s, lim: lim, sp: sp, textLeft: 2 * int64(lim.MaxBody)}
	br := bufio.NewReader(r)
	h, err := textproto.ReadHeader(br)
	if err != nil {
		p.problem("intake.mail.header", catalogue.Named{"err": err})
	}
	mh := gomail.Header{Header: message.Header{Header: h}}
	p.readEnvelope(mh)
	p.msgs = append(p.msgs, &msgText{header: mh})
	p.walk(message.Header{Header: h}, br, 0, 0)
	if p.failed == nil {
		p.finish()
	}
	if p.failed != nil {
		for _, f := range s.Files {
			f.Content.Remove()
		}
		return nil, fmt.Errorf("mail: %w", p.failed)
	}
	return s, nil
}

type parser struct {
	sub   *ingest.Submission
	lim   Limits
	sp    *ingest.Spool
	parts int
	total int64
	// textLeft is what the text parts may still keep; textCut says
	// that some text was cut (said once).
	textLeft int64
	textCut  bool
	// failed is the spool's failure: the message cannot be taken now
	// (the intake offers it again), the walk stops.
	failed error
	// msgs are the message and the messages inside it (forwarded, or
	// the original inside a PEC envelope), in the order met.
	msgs  []*msgText
	names map[string]int // taken attachment names, to keep them unique
}

// msgText is one message's header and its text parts, in order.
type msgText struct {
	header      gomail.Header
	plain, html []string
}

func (p *parser) problem(key string, v catalogue.Named) {
	p.sub.Problems = append(p.sub.Problems, Problem(key, v))
}

// Problem is a problem met reading a message, as the office's list of
// them writes it: the catalogue's text of key with the values v, in
// Italian and English side by side ("mittente assente / no From
// header").
func Problem(key string, v catalogue.Named) string {
	return catalogue.IT.T(key, v) + " / " + catalogue.EN.T(key, v)
}

func (p *parser) readEnvelope(h gomail.Header) {
	if from := firstAddress(h, "From"); from != "" {
		p.sub.Sender = from
	} else if raw := strings.TrimSpace(h.Get("From")); raw != "" {
		// A From the address parser refuses still names someone: keep
		// the bare address if one can be found, and say so.
		p.sub.Sender = salvageAddress(raw)
		p.problem("intake.mail.from-malformed", catalogue.Named{"raw": strconv.Quote(truncate(raw, 200))})
	} else {
		p.problem("intake.mail.from-missing", nil)
	}
	if id, err := h.MessageID(); err == nil && id != "" {
		p.sub.MessageID = id
	} else if raw := strings.TrimSpace(h.Get("Message-Id")); raw != "" {
		p.sub.MessageID = strings.Trim(raw, "<> \t")
	}
	p.readThread(h)
	p.sub.Automatic = Automatic(h.Header)
	if v := strings.TrimSpace(h.Get("X-Ricevuta")); v != "" && p.sub.Automatic == "" {
		// A certified-mail (PEC) provider's receipt of acceptance or
		// delivery: the provider's, never the arbiter's.
		p.sub.Automatic = "X-Ricevuta: " + truncate(v, 40)
	}
	dec := mime.WordDecoder{CharsetReader: charsetReader}
	if subj, err := dec.DecodeHeader(h.Get("Subject")); err == nil {
		p.sub.Subject = cleanText(subj)
	} else {
		p.sub.Subject = cleanText(h.Get("Subject"))
		p.problem("intake.mail.subject", catalogue.Named{"err": err})
	}
}

// readThread takes a message's thread headers (RFC 5322 3.6.4).
func (p *parser) readThread(h gomail.Header) {
	p.sub.InReplyTo = MsgIDs(h.Get("In-Reply-To"))
	p.sub.References = MsgIDs(h.Get("References"))
}

// firstAddress is the first address of an address header, lower-cased,
// or "" when there is none or it does not parse. Display names in any
// charset known here are accepted.
func firstAddress(h gomail.Header, key string) string {
	ap := netmail.AddressParser{WordDecoder: &mime.WordDecoder{CharsetReader: charsetReader}}
	list, err := ap.ParseList(h.Get(key))
	if err != nil || len(list) == 0 {
		return ""
	}
	return strings.ToLower(strings.TrimSpace(list[0].Address))
}

// salvageAddress finds something shaped like an address in a broken From.
func salvageAddress(raw string) string {
	if i, j := strings.LastIndexByte(raw, '<'), strings.LastIndexByte(raw, '>'); i >= 0 && j > i {
		return strings.ToLower(strings.TrimSpace(raw[i+1 : j]))
	}
	for _, w := range strings.Fields(raw) {
		if strings.Contains(w, "@") {
			return strings.ToLower(strings.Trim(w, "<>\"',;()"))
		}
	}
	return ""
}

// walk visits one entity: a multipart recurses, a leaf is a body or an
// attachment.
func (p *parser) walk(h message.Header, body io.Reader, depth, msg int) {
	if p.failed != nil {
		return
	}
	if depth > p.lim.MaxDepth {
		p.problem("intake.mail.too-deep", catalogue.Named{"max": p.lim.MaxDepth})
		return
	}
	mediaType, params, err := h.ContentType()
	if err != nil {
		if h.Has("Content-Type") {
			p.problem("intake.mail.content-type", catalogue.Named{"raw": strconv.Quote(truncate(h.Get("Content-Type"), 100))})
		}
		mediaType, params = "text/plain", map[string]string{}
	}
	if depth == 0 && isDeliveryReport(mediaType, params) {
		p.sub.Bounce = &ingest.Bounce{}
	}
	if strings.HasPrefix(mediaType, "multipart/") {
		boundary := params["boundary"]
		if boundary == "" {
			p.problem("intake.mail.no-boundary", nil)
			p.leaf(h, "application/octet-stream", params, body, msg)
			return
		}
		mr := textproto.NewMultipartReader(body, boundary)
		n := 0
		for {
			part, err := mr.NextPart()
			if err == io.EOF {
				break
			}
			if err != nil {
				p.problem("intake.mail.broken", catalogue.Named{"n": n, "err": err})
				break
			}
			n++
			p.walk(message.Header{Header: part.Header}, part, depth+1, msg)
			if p.failed != nil {
				return
			}
		}
		if n == 0 {
			p.problem("intake.mail.no-parts", nil)
		}
		return
	}
	if mediaType == "message/rfc822" {
		// A message inside: forwarded (an arbiter forwarding the
		// organiser's mail) or the original inside a PEC envelope
		// (postacert.eml). Its attachments are the submission's. It is
		// walked as it is decoded, never held whole: its parts have
		// their own limits.
		br := bufio.NewReader(p.decoder(h, body, catalogue.IT.T("intake.mail.what.forwarded")))
		ih, err := textproto.ReadHeader(br)
		if err != nil {
			p.problem("intake.mail.forwarded", catalogue.Named{"err": err})
			return
		}
		if b := p.sub.Bounce; b != nil && b.MessageID == "" {
			// The report returns the message not delivered: its
			// Message-ID names the notice.
			b.MessageID = messageIDOf(message.Header{Header: ih})
		}
		p.msgs = append(p.msgs, &msgText{header: gomail.Header{Header: message.Header{Header: ih}}})
		p.walk(message.Header{Header: ih}, br, depth+1, len(p.msgs)-1)
		return
	}
	p.leaf(h, mediaType, params, body, msg)
}

// decoration reports whether a part belongs to the mail rather than to
// the submission: a signature, an image shown inline (a logo in the
// signature), a PEC envelope's certificate data. Such parts are not
// offered as files; the original message, kept whole in Raw, still
// holds them.
func (p *parser) decoration(h message.Header, mediaType, name, disp string) bool {
	switch mediaType {
	case "application/pkcs7-signature", "application/x-pkcs7-signature":
		return true
	}
	if strings.HasPrefix(mediaType, "image/") && (disp == "inline" || h.Get("Content-Id") != "") {
		return true
	}
	return p.isPEC() && strings.EqualFold(name, "daticert.xml")
}

// isPEC reports whether the message is an Italian certified-mail (PEC)
// envelope, which wraps the sender's message as postacert.eml.
func (p *parser) isPEC() bool {
	return len(p.msgs) > 0 && p.msgs[0].header.Get("X-Trasporto") != ""
}

func (p *parser) leaf(h message.Header, mediaType string, params map[string]string, body io.Reader, msg int) {
	p.parts++
	if p.parts > p.lim.MaxParts {
		if p.parts == p.lim.MaxParts+1 {
			p.problem("intake.mail.too-many-parts", catalogue.Named{"max": p.lim.MaxParts})
		}
		return
	}
	if b := p.sub.Bounce; b != nil && p.reportPart(b, h, mediaType, body) {
		return
	}
	name := attachmentName(h)
	disp, _, _ := h.ContentDisposition()
	isBody := name == "" && disp != "attachment" &&
		(mediaType == "text/plain" || mediaType == "text/html")
	if isBody {
		data := p.readText(h, body)
		text := p.toUTF8(data, params["charset"], Problem("intake.mail.what.text", nil))
		if mediaType == "text/html" {
			p.msgs[msg].html = append(p.msgs[msg].html, text)
		} else {
			p.msgs[msg].plain = append(p.msgs[msg].plain, text)
		}
		return
	}
	if p.decoration(h, mediaType, name, disp) {
		discard(body)
		return
	}
	what := name
	if what == "" {
		what = mediaType
	}
	c, ok := p.decode(h, body, what)
	if !ok {
		return
	}
	// The bytes go to the file reader as they came (tournament/codec
	// detects the encoding, Windows-1252 included): the bytes judged are
	// the bytes kept.
	p.sub.Files = append(p.sub.Files, ingest.File{Name: p.safeName(name, mediaType), Content: c})
}

// reportPart reads the machine-readable parts of a delivery status
// notification into b: the per-recipient status and the returned
// headers. It reports false for any other part (the human-readable
// text, or what a report should not hold), which is taken as usual.
func (p *parser) reportPart(b *ingest.Bounce, h message.Header, mediaType string, body io.Reader) bool {
	switch mediaType {
	case "message/delivery-status", "message/global-delivery-status":
		data := p.readText(h, body)
		b.Recipients = append(b.Recipients, ParseDeliveryStatus(data)...)
		return true
	case "text/rfc822-headers", "message/global-headers":
		if id := returnedMessageID(p.decoder(h, body, mediaType)); b.MessageID == "" {
			b.MessageID = id
		}
		return true
	}
	return false
}

// transferEncoding is the part's Content-Transfer-Encoding, lower-cased.
func transferEncoding(h message.Header) string {
	return strings.ToLower(strings.TrimSpace(h.Get("Content-Transfer-Encoding")))
}

// decoder undoes the transfer encoding as body is read; an unknown one
// is read as it is, and said.
func (p *parser) decoder(h message.Header, body io.Reader, what string) io.Reader {
	switch enc := transferEncoding(h); enc {
	case "", "7bit", "8bit", "binary":
		return body
	case "base64":
		return base64.NewDecoder(base64.StdEncoding, &base64Cleaner{r: body})
	case "quoted-printable":
		return quotedprintable.NewReader(body)
	default:
		p.problem("intake.mail.unknown-encoding", catalogue.Named{"what": what, "enc": strconv.Quote(enc)})
		return body
	}
}

// decode undoes the transfer encoding of an attachment into the spool,
// bounded by the part and total limits. It reports false when the part
// was not taken (and says why, or records the spool's failure).
func (p *parser) decode(h message.Header, body io.Reader, what string) (ingest.Content, bool) {
	r := p.decoder(h, body, what)
	limit := p.lim.MaxPart
	if left := p.lim.MaxTotal - p.total; left < limit {
		limit = left
	}
	c, n, err := p.sp.ReadUpTo(r, limit+1)
	if errors.Is(err, ingest.ErrSpool) {
		// The spool failed (disk full), not the message: nothing can be
		// taken until it is mended.
		p.failed = err
		return ingest.Content{}, false
	}
	if n > limit {
		// Count the rest without keeping it, so the message can say how
		// big the part really was.
		c.Remove()
		rest := discard(r)
		p.problem("intake.mail.part-too-large", catalogue.Named{"what": what, "size": italian.Size(n + rest), "limit": italian.Size(limit)})
		return ingest.Content{}, false
	}
	if err != nil {
		enc := transferEncoding(h)
		p.problem("intake.mail.decoding-broken", catalogue.Named{"what": what, "enc": enc, "n": n, "err": err})
	}
	p.total += n
	return c, true
}

// readText reads a text part in memory, bounded by MaxBody for the part
// and by what the text parts may still keep: the rest is read and
// dropped, and said.
func (p *parser) readText(h message.Header, body io.Reader) []byte {
	r := p.decoder(h, body, catalogue.IT.T("intake.mail.what.text-short"))
	limit := min(int64(p.lim.MaxBody), p.textLeft)
	data, n, err := ingest.ReadUpTo(r, limit+1)
	if n > limit {
		discard(r)
		if !p.textCut {
			p.problem("intake.mail.text-cut", catalogue.Named{"max": p.lim.MaxBody})
		}
		p.textCut = true
		data = data[:limit]
	} else if err != nil {
		enc := transferEncoding(h)
		p.problem("intake.mail.decoding-broken", catalogue.Named{"what": catalogue.IT.T("intake.mail.what.text-short"), "enc": enc, "n": n, "err": err})
	}
	p.textLeft -= int64(len(data))
	return data
}

// toUTF8 decodes message text in its declared charset. Text that is not
// what it claims is decoded as Windows-1252 (what Italian mail clients
// send undeclared) and recorded.
func (p *parser) toUTF8(data []byte, cs, what string) string {
	n := normCharset(cs)
	if n == "utf-8" || n == "us-ascii" {
		if utf8.Valid(data) {
			return string(data)
		}
		p.problem("intake.mail.not-utf8", catalogue.Named{"what": what, "cs": strconv.Quote(cs)})
		return win1252(data)
	}
	out, ok := decodeCharset(n, data)
	if !ok {
		p.problem("intake.mail.unknown-charset", catalogue.Named{"what": what, "cs": strconv.Quote(cs)})
		if utf8.Valid(data) {
			return string(data)
		}
		return win1252(data)
	}
	return out
}

func (p *parser) finish() {
	msgs := p.msgs
	if p.isPEC() && len(msgs) > 1 {
		// The envelope's text is the provider's boilerplate; the
		// arbiter is the inner message's sender.
		inner := msgs[1]
		if from := firstAddress(inner.header, "From"); from != "" {
			p.sub.Sender = from
		} else if rt := firstAddress(msgs[0].header, "Reply-To"); rt != "" {
			p.sub.Sender = rt
		}
		if id, err := inner.header.MessageID(); err == nil && id != "" {
			p.sub.MessageID = id
		}
		p.readThread(inner.header)
		if why := Automatic(inner.header.Header); why != "" && p.sub.Automatic == "" {
			p.sub.Automatic = why
		}
		dec := mime.WordDecoder{CharsetReader: charsetReader}
		if subj, err := dec.DecodeHeader(inner.header.Get("Subject")); err == nil && strings.TrimSpace(subj) != "" {
			p.sub.Subject = cleanText(subj)
		}
		msgs = msgs[1:]
	}
	// Each message's text (plain, else HTML), the outer first: its
	// fields win over a forwarded message's.
	var texts []string
	for _, m := range msgs {
		plain := strings.Join(m.plain, "\n")
		if strings.TrimSpace(plain) == "" && len(m.html) > 0 {
			plain = StripHTML(strings.Join(m.html, "\n"))
		}
		if strings.TrimSpace(plain) != "" {
			texts = append(texts, plain)
		}
	}
	p.sub.Body = strings.Join(texts, "\n\n")
	if len(p.sub.Body) > p.lim.MaxBody {
		p.sub.Body = strings.ToValidUTF8(p.sub.Body[:p.lim.MaxBody], "")
	}
	p.sub.Fields = Fields(p.sub.Body)
	files, problems, err := ingest.ExpandArchives(p.sub.Files, ingest.Limits{MaxFileBytes: p.lim.MaxPart, MaxArchiveBytes: p.lim.MaxTotal,
		MaxArchiveFiles: p.lim.MaxArchiveFiles}, p.sp)
	if err != nil {
		p.failed = err
		return
	}
	// The archives taken apart are no longer files of the submission:
	// their spool files go now (the original message still holds them).
	ingest.RemoveOpened(p.sub.Files, files)
	p.sub.Files = files
	p.sub.Problems = append(p.sub.Problems, problems...)
}

// attachmentName is the part's file name from Content-Disposition, else
// from Content-Type (older clients), decoded from RFC 2047 if need be.
func attachmentName(h message.Header) string {
	var name string
	if _, params, err := h.ContentDisposition(); err == nil {
		name = params["filename"]
	}
	if name == "" {
		if _, params, err := h.ContentType(); err == nil {
			name = params["name"]
		}
	}
	if strings.Contains(name, "=?") {
		dec := mime.WordDecoder{CharsetReader: charsetReader}
		if d, err := dec.DecodeHeader(name); err == nil {
			name = d
		}
	}
	return name
}

// safeName reduces an attachment name to a plain base name: no
// directories, no "..", no control characters, unique within the
// submission. A name that had to change is recorded.
func (p *parser) safeName(name, mediaType string) string {
	orig := name
	if strings.TrimSpace(strings.Trim(name, "./\\")) == "" {
		name = "allegato" + extFor(mediaType)
	}
	name = ingest.CleanName(name)
	if orig != "" && name != orig {
		p.problem("intake.mail.unsafe-name", catalogue.Named{"orig": strconv.Quote(truncate(orig, 200)), "name": strconv.Quote(name)})
	}
	if p.names == nil {
		p.names = map[string]int{}
	}
	if p.names[strings.ToLower(name)] > 0 {
		ext := path.Ext(name)
		stem := strings.TrimSuffix(name, ext)
		for i := 1; ; i++ {
			cand := fmt.Sprintf("%s-%d%s", stem, i, ext)
			if p.names[strings.ToLower(cand)] == 0 {
				name = cand
				break
			}
		}
	}
	p.names[strings.ToLower(name)]++
	return name
}

func extFor(mediaType string) string {
	switch mediaType {
	case "application/zip", "application/x-zip-compressed":
		return ".zip"
	case "text/plain":
		return ".txt"
	case "message/rfc822":
		return ".eml"
	}
	if exts, _ := mime.ExtensionsByType(mediaType); len(exts) > 0 {
		return exts[0]
	}
	return ".bin"
}

// base64Cleaner drops what base64 bodies carry besides the alphabet
// (line breaks, stray spaces) so that a sloppy encoder still decodes.
type base64Cleaner struct{ r io.Reader }

func (c *base64Cleaner) Read(b []byte) (int, error) {
	for {
		n, err := c.r.Read(b)
		j := 0
		for _, ch := range b[:n] {
			if ch == '\r' || ch == '\n' || ch == ' ' || ch == '\t' {
				continue
			}
			b[j] = ch
			j++
		}
		if j > 0 || err != nil {
			return j, err
		}
	}
}

func cleanText(s string) string {
	return strings.TrimSpace(strings.ToValidUTF8(s, "\uFFFD"))
}

func truncate(s string, n int) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

// discard reads r to the end through one small buffer (io.Discard's
// pooled buffers are not reliably reused under the race detector, which
// would make the cost of a huge part grow with its size).
func discard(r io.Reader) int64 {
	buf := make([]byte, 32<<10)
	var n int64
	for {
		m, err := r.Read(buf)
		n += int64(m)
		if err != nil {
			return n
		}
	}
}
