// AulaNet module (filled by its issue).
