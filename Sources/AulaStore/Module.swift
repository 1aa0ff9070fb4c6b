// AulaStore module (filled by its issue).
