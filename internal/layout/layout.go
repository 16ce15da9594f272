// Package layout states the floors of the application and holds the
// test that keeps them: data flows one way (submission → parsed
// tournament → findings → rating changes → reports), and a package
// imports only from its own floor or the floors below it. Nothing
// imports this package; it is the architecture written down where a
// test can check it (layout_test.go reads every file's imports).
package layout

// Floor is one floor of the building: the folders on it, by import
// path below the module.
type Floor struct {
	Name    string
	Folders []string
}

// Floors are the application's floors, bottom first. A package may
// import its own floor and the floors below; within a floor the folders
// must not import each other in a circle. What is true today: the
// store sits below rating and publishing (it keeps verdicts and lists as
// its own rows; publishing/fideexport records forwardings in it), and
// the federation's vocabulary (internal/fsi) is below the tournament
// model while its periods and registers sit beside the model (they are
// counted in tournament dates and read into tournament players). A
// folder's longest prefix here gives its floor.
var Floors = []Floor{
	{"platform", []string{"internal/platform"}},
	{"vocabulary", []string{"internal/fsi"}},
	{"model", []string{"internal/tournament", "internal/fsi/periods", "internal/fsi/registers"}},
	{"intake", []string{"internal/intake"}},
	{"homologation", []string{"internal/homologation"}},
	{"store and configuration", []string{"internal/store", "internal/config"}},
	{"rating", []string{"internal/rating"}},
	{"publishing", []string{"internal/publishing"}},
	{"office", []string{"internal/office"}},
	{"daemon and web", []string{"internal/daemon", "internal/web", "internal/portal", "internal/webkit"}},
	{"entry", []string{"cmd"}},
}

// Tests are the folders of test tools: production code never imports
// them, except the binary (omologa gen writes synthetic seasons).
var Tests = []string{"internal/testkit", "integration"}

// Apart are production packages no floor rule applies to: the root's
// samples, the deployment files (deploy) and this package.
var Apart = []string{"internal/layout", "samples", "deploy"}

// WebMustNot are the packages the web application and the portal may
// not import: they read through the office's queries and act through
// its acts.
var WebMustNot = []string{"internal/store"}

// Web are the folders WebMustNot applies to.
var Web = []string{"internal/web", "internal/portal", "internal/webkit"}
