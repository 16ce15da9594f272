package rules

// Eligibility, Deadline, Submission and Identity parameters: owned by the
// validator's eligibility/deadline/submission/identity checks.

// Eligibility parameters (RTF 5.3.1, FIDE-RR 1.1–4.1, RAPID 3–4).
type Eligibility struct{}

// Deadline parameters (RAPID 5.2, RTF 4.2.2, RAPID 6.2).
type Deadline struct{}

// Submission parameters: the e-mail fields required (RAPID 5.2).
type Submission struct{}

// Identity parameters (RTF 4.2.4, 4.2.16).
type Identity struct{}
