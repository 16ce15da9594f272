package web

import (
	"sync"

	"omologa/internal/fsi"
	"omologa/internal/platform/catalogue"
)

// texts are the pages' words, Italian and English, by key: the
// catalogue's "web." group (whose test checks both languages and the
// placeholders), with the list names and the kinds of play from fsi,
// their one home. A key missing shows as nothing: TestTextsComplete
// checks that both languages have the same keys.
// Built on first use, once: a process that serves no page does not pay
// for them at start-up.
var texts = sync.OnceValue(func() map[string]map[string]string {
	return map[string]map[string]string{"it": pageTexts(catalogue.IT), "en": pageTexts(catalogue.EN)}
})

func pageTexts(l catalogue.Lang) map[string]string {
	m := l.Prefixed("web.")
	m["kind.standard"] = fsi.Standard.ListName()
	m["kind.rapid"] = fsi.Rapid.ListName()
	m["kind.blitz"] = string(fsi.Blitz)
	return m
}
