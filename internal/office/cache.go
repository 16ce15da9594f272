package office

import (
	"bytes"
	"encoding/gob"
	"os"
	"path/filepath"

	"omologa/internal/platform/atomicfile"
)

// The office's caches (the lists' fold, the statistics' parts) are gob
// files in the cache folder beside the store, never published: any
// failure to read one costs a computation, nothing else.

// cacheFile is the path of the cache file name.
func (o *Office) cacheFile(name string) string {
	return filepath.Join(filepath.Dir(o.Config.Store.Path), "cache", name)
}

// readCache decodes the cache file at path into v; false when there is
// none or it does not decode.
func readCache(path string, v any) bool {
	b, err := os.ReadFile(path)
	return err == nil && gob.NewDecoder(bytes.NewReader(b)).Decode(v) == nil
}

// keepCache writes v to the cache file at path for the next process; a
// failure is logged as what was not kept, not returned.
func (o *Office) keepCache(path, what string, v any) {
	var b bytes.Buffer
	err := gob.NewEncoder(&b).Encode(v)
	if err == nil {
		if err = os.MkdirAll(filepath.Dir(path), 0o700); err == nil {
			err = atomicfile.Write(path, b.Bytes(), 0o600)
		}
	}
	if err != nil && o.Log != nil {
		o.Log.Warn("public site: "+what+" not kept", "err", err)
	}
}
