package catalogue

// The web's words of the login guard and of a user's own account
// (internal/web/guard.go).
func init() { lazy(webGuardEntries, "web") }

func webGuardEntries() {
	add(map[string]Entry{
		"web.throttled":         {IT: "Troppi tentativi sbagliati: riprovare fra qualche minuto.", EN: "Too many wrong passwords: try again in a few minutes."},
		"web.busy":              {IT: "Troppi accessi in questo momento: riprovare fra qualche secondo.", EN: "Too many logins at this moment: try again in a few seconds."},
		"web.tooLarge":          {IT: "Richiesta troppo grande.", EN: "Request too large."},
		"web.account":           {IT: "Il mio account", EN: "My account"},
		"web.currentPassword":   {IT: "Password attuale", EN: "Current password"},
		"web.newPasswordTwice":  {IT: "Nuova password (di nuovo)", EN: "New password (again)"},
		"web.changeOwnPassword": {IT: "Cambia la password", EN: "Change the password"},
		"web.ownPasswordHint":   {IT: "Almeno 10 caratteri. Dopo il cambio restano aperte solo questa sessione e quelle future.", EN: "At least 10 characters. After the change only this session and new ones stay open."},
		"web.newPasswordLabel":  {IT: "Nuova password", EN: "New password"},
		"web.done.ownPassword":  {IT: "Password cambiata.", EN: "Password changed."},
	})
}
