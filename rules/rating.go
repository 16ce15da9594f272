package rules

// Rating holds the rating stage's settings: the `rating:` section of
// rules.yaml. Every decision of shared/regs/README.md §3–4 that a program
// could take otherwise is here, not in code.
type Rating struct {
	// Owned by the rating engine; fields are added there.
}
