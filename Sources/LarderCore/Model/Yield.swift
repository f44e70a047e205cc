/// How much a recipe makes: the text as written plus the number and unit understood from it.
public struct Yield: Codable, Hashable, Sendable {
    public var text: String?
    public var quantity: Amount?
    /// The unit word (`servings`, `cookies`, `loaf`), nil when the text gave only a number.
    public var unit: String?

    public init(text: String? = nil, quantity: Amount? = nil, unit: String? = nil) {
        self.text = text
        self.quantity = quantity
        self.unit = unit
    }

    /// The number of servings when the unit says servings (or nothing), for filters.
    public var servings: Amount? {
        guard let quantity else { return nil }
        guard let unit = unit?.lowercased() else { return quantity }
        let servingWords = ["serving", "servings", "portion", "portions", "people", "persons", "person", "portionen", "personen", "serves"]
        return servingWords.contains(unit) ? quantity : nil
    }
}

/// Preparation, cooking and total time.
public struct RecipeTimes: Codable, Hashable, Sendable {
    public var prep: RecipeDuration?
    public var cook: RecipeDuration?
    public var total: RecipeDuration?

    public init(prep: RecipeDuration? = nil, cook: RecipeDuration? = nil, total: RecipeDuration? = nil) {
        self.prep = prep
        self.cook = cook
        self.total = total
    }

    public var isEmpty: Bool { prep == nil && cook == nil && total == nil }
}

/// A duration: minutes when understood (a range keeps its upper end), and the source text.
public struct RecipeDuration: Codable, Hashable, Sendable {
    public var minutes: Double?
    public var upperMinutes: Double?
    public var text: String?

    public init(minutes: Double? = nil, upperMinutes: Double? = nil, text: String? = nil) {
        self.minutes = minutes
        self.upperMinutes = upperMinutes
        self.text = text
    }
}
