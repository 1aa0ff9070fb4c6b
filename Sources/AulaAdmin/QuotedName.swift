/// A group name typed in quotes (`"3º ESO"`, `«3º ESO»`, `“3º ESO”`) is the
/// name without them, as `kick "Ana María"` already reads a student's
/// (session 11: `leaderboard "3º ESO"` answered no group ""3º ESO"").
enum QuotedName {
    static let pairs: [(open: Character, close: Character)] = [("\"", "\""), ("«", "»"), ("“", "”")]

    static func unquoted(_ typed: String) -> String {
        let text = typed.trimmingCharacters(in: .whitespaces)
        guard text.count >= 2, let first = text.first, let last = text.last,
              pairs.contains(where: { $0.open == first && $0.close == last }) else { return text }
        return String(text.dropFirst().dropLast()).trimmingCharacters(in: .whitespaces)
    }
}
