extension String {
    /// Text typed by someone (a hint, a kick's reason) closing a sentence of
    /// ours: it ends with a full stop unless it already ends a sentence
    /// ("Pista: una fruta", "Motivo: demasiado chat" lacked it, session 10).
    public var endingSentence: String {
        guard let last = last else { return self }
        return ".!?…»\")".contains(last) ? self : self + "."
    }
}
