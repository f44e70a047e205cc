extension StringProtocol {
    /// Letters and digits only, lower-cased, for telling whether two texts say the same thing
    /// whatever their spacing, punctuation or case: "Tasting History" and "tastinghistory",
    /// a card's "▢ 2 eggs, beaten" and the structured "2 eggs beaten".
    var comparisonKey: String {
        String(lowercased().filter { $0.isLetter || $0.isNumber })
    }
}
