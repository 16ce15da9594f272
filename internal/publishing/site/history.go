package site

import (
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"strconv"
	"time"
	"unicode/utf16"

	"omologa/internal/fsi"
	"omologa/internal/platform/italian"
	"omologa/internal/publishing/internal/chartkit"
)

// A player's ratings across the lists are not written into his page:
// a list closed would rewrite every listed player's page (30,000 pages,
// 150 MB) to add one row. Each list writes its ratings once, into data
// files under giocatori/storia/, and the page's script (history.js)
// reads them and draws the table and the chart. They are scripts that
// set globals, not JSON: a page opened from disk (file://) may load a
// script but not fetch a file. A list's ratings are split into shards
// by the hash of the FSI id (shardOf), so that a page loads a small
// file of each list, not every list whole.

//go:embed history.js
var historyJS string

// historyDir is the data files' folder, relative to the site's root;
// historyIndex names the lists, rewritten when a list is added.
const (
	historyDir   = "giocatori/storia/"
	historyIndex = historyDir + "liste.js"
	// shardSize is about how many players one shard holds.
	shardSize = 1000
)

// shardOf is the shard of id among n: FNV-1a (32 bits) over the id's
// UTF-16 code units, as history.js computes it from the page's data-id.
func shardOf(id string, n int) int {
	h := uint32(2166136261)
	for _, u := range utf16.Encode([]rune(id)) {
		h ^= uint32(u)
		h *= 16777619
	}
	return int(h % uint32(n))
}

// historyList is one list as the index names it to history.js.
type historyList struct {
	Folder string `json:"f"` // its shards' folder under storia/, named with their hash
	Shards int    `json:"n"`
	Page   string `json:"h"` // the list's page, from the root
	Month  string `json:"m"` // "gennaio 2027"
	KindIT string `json:"t"` // "Rapid"
	Kind   string `json:"s"` // "rapid"
	Period string `json:"p"` // "2027-01"
}

// historyShards are a list's data files: each shard's script, and the
// folder named after their content (a list closed again gets a new
// folder, so that no browser keeps the old ratings in its cache).
func historyShards(v *listView) (folder string, shards [][]byte) {
	n := shardsOf(v)
	base := string(v.L.Kind) + "-" + safe(v.L.Period.Label)
	bufs := make([][]byte, n)
	seen := make(map[string]bool, len(v.Rows))
	for _, r := range v.Rows {
		id := r.ID
		if id == "" || seen[id] {
			continue
		}
		seen[id] = true
		i := shardOf(id, n)
		b := bufs[i]
		if len(b) == 0 {
			b = append(b, '{')
		} else {
			b = append(b, ',')
		}
		b = appendJSString(b, id)
		b = append(b, ':', '[')
		b = strconv.AppendInt(b, int64(r.Rating), 10)
		b = append(b, ',')
		b = appendJSString(b, r.Category)
		if r.FIDE {
			b = append(b, ",1"...)
		} else {
			b = append(b, ",0"...)
		}
		b = append(b, ']')
		bufs[i] = b
	}
	h := sha256.New()
	for i := range bufs {
		if len(bufs[i]) == 0 {
			bufs[i] = append(bufs[i], '{')
		}
		bufs[i] = append(bufs[i], '}')
		h.Write(bufs[i])
		h.Write([]byte{0})
	}
	folder = base + "-" + hex.EncodeToString(h.Sum(nil))[:10]
	if v.L.Key != "" {
		folder = keyFolder(v)
	}
	shards = make([][]byte, n)
	for i, b := range bufs {
		out := make([]byte, 0, len(b)+80)
		out = append(out, "(window.omologaStoria = window.omologaStoria || {})["...)
		out = appendJSString(out, folder+"/"+strconv.Itoa(i))
		out = append(out, "] = "...)
		out = append(out, b...)
		out = append(out, ";\n"...)
		shards[i] = out
	}
	return folder, shards
}

// shardsOf is how many shards a list's ratings are split into.
func shardsOf(v *listView) int { return max(1, (v.Count+shardSize-1)/shardSize) }

// keyFolder is the shards' folder of a list given with its Key: named
// after the key, so that it is known without reading the list.
func keyFolder(v *listView) string {
	return string(v.L.Kind) + "-" + safe(v.L.Period.Label) + "-" + hashOf([]byte(historyVersion + "|" + v.L.Key))[:10]
}

// historyVersion changes with the shards' format, so that a list given
// by its Key is written again in the new one.
const historyVersion = "storia-1"

// appendJSString appends s as a JSON (and JavaScript) string, escaped
// as encoding/json escapes it for HTML.
func appendJSString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			q, _ := json.Marshal(s)
			return append(b, q...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// historyIndexJS is storia/liste.js: the lists oldest first, with the
// words and colours of the chart.
func historyIndexJS(ls []historyList) ([]byte, error) {
	var mesi []string
	for m := time.January; m <= time.December; m++ {
		mesi = append(mesi, italian.Month(m)[:3])
	}
	if ls == nil {
		ls = []historyList{}
	}
	idx := struct {
		Liste  []historyList     `json:"liste"`
		Mesi   []string          `json:"mesi"`
		Nomi   map[string]string `json:"nomi"`
		Asse   string            `json:"asse"`
		Colori map[string]string `json:"colori"`
	}{ls, mesi, map[string]string{string(fsi.Standard): fsi.Standard.ListName(), string(fsi.Rapid): fsi.Rapid.ListName()}, say("site.col.list"),
		map[string]string{string(fsi.Standard): colourHex(chartkit.Players), string(fsi.Rapid): colourHex(chartkit.Up), "ink": colourHex(chartkit.Ink),
			"grid": colourHex(chartkit.Grid)}}
	b, err := json.Marshal(idx)
	if err != nil {
		return nil, err
	}
	return append(append([]byte("window.omologaListe = "), b...), ";\n"...), nil
}

// writeHistory writes the lists' data files and their index: a list's
// shards are written when they are new (their folder is named after
// their content), the index when a list is added or changed.
func (s *site) writeHistory(w *writer) error {
	var idx []historyList
	// s.lists is latest first; the index is oldest first, as the table.
	for i := len(s.lists) - 1; i >= 0; i-- {
		v := &s.lists[i]
		var folder string
		n := shardsOf(v)
		if v.L.Key != "" {
			// Kept unread while the shards are there.
			folder = keyFolder(v)
			var shards [][]byte
			for j := range n {
				err := w.putFrom(historyDir+folder+"/"+strconv.Itoa(j)+".js", v.L.Key, func() ([]byte, error) {
					if shards == nil {
						if err := v.rows(); err != nil {
							return nil, err
						}
						_, shards = historyShards(v)
					}
					return shards[j], nil
				})
				if err != nil {
					return err
				}
			}
		} else {
			f, shards := historyShards(v)
			for j, b := range shards {
				if err := w.put(historyDir+f+"/"+strconv.Itoa(j)+".js", b); err != nil {
					return err
				}
			}
			folder = f
		}
		idx = append(idx, historyList{Folder: folder, Shards: n, Page: v.Path, Month: fsi.PeriodMonth(v.L.Period.Label),
			KindIT: kindIT(v.L.Kind), Kind: string(v.L.Kind), Period: v.L.Period.Label})
	}
	b, err := historyIndexJS(idx)
	if err != nil {
		return err
	}
	return w.put(historyIndex, b)
}
