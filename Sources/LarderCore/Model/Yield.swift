/// How much a recipe makes: the text as written plus the number and unit understood from it.
public struct Yield: Codable, Hashable, Sendable {
    /// The yield as the source wrote it (`Makes 12 cookies`).
    public var text: String?
    /// The number understood from the text, a range when it gave one (`4-6 servings`).
    public var quantity: Amount?
    /// The unit word (`servings`, `cookies`, `loaf`), nil when the text gave only a number.
    public var unit: String?

    /// A yield with the fields given.
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
    /// Time spent preparing before cooking.
    public var prep: RecipeDuration?
    /// Time in the oven or on the heat.
    public var cook: RecipeDuration?
    /// Time from start to table, when the source gives it.
    public var total: RecipeDuration?

    /// Times with the fields given.
    public init(prep: RecipeDuration? = nil, cook: RecipeDuration? = nil, total: RecipeDuration? = nil) {
        self.prep = prep
        self.cook = cook
        self.total = total
    }

    /// Whether no time is known.
    public var isEmpty: Bool { prep == nil && cook == nil && total == nil }
}

/// A duration: minutes when understood (a range keeps its upper end), and the source text.
public struct RecipeDuration: Codable, Hashable, Sendable {
    /// The duration in minutes, or the lower end of a range; nil when the text was not understood.
    public var minutes: Double?
    /// The upper end of a range (`20-25 minutes`).
    public var upperMinutes: Double?
    /// The duration as the source wrote it (`PT1H30M`, `about an hour`).
    public var text: String?

    /// A duration with the fields given.
    public init(minutes: Double? = nil, upperMinutes: Double? = nil, text: String? = nil) {
        self.minutes = minutes
        self.upperMinutes = upperMinutes
        self.text = text
    }
}
