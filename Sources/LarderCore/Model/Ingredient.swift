/// A run of ingredients under an optional heading ("For the sauce").
public struct IngredientGroup: Codable, Hashable, Sendable {
    /// The group's heading (`For the sauce`), when it has one.
    public var name: String?
    /// The lines, in order.
    public var ingredients: [Ingredient]

    /// A group of ingredients under an optional heading.
    public init(name: String? = nil, ingredients: [Ingredient]) {
        self.name = name
        self.ingredients = ingredients
    }
}

/// One ingredient line: the original text verbatim, plus what was understood of it. The parsed
/// fields stay nil when nothing was understood; they are never guessed.
public struct Ingredient: Codable, Hashable, Sendable {
    /// The line exactly as the source wrote it (for split sources, measure and name joined).
    public var line: String
    /// The first amount of the line (`1.5` of `1 ½ cups flour`), a range when it is one.
    public var quantity: Amount?
    /// A canonical unit name (`cup`, `tablespoon`, `gram`), or nil.
    public var unit: String?
    /// What to buy (`all-purpose flour`), spelled as in the line.
    public var name: String?
    /// Size and preparation words of the line (`large, beaten`), in its order.
    public var preparation: String?
    /// A note the source keeps apart from the line (an app's ingredient note).
    public var note: String?
    /// Whether the source marks the ingredient as optional.
    public var optional: Bool

    /// An ingredient: its line, and what was understood of it when known. ``IngredientParser`` fills the rest from the line.
    public init(
        line: String, quantity: Amount? = nil, unit: String? = nil, name: String? = nil,
        preparation: String? = nil, note: String? = nil, optional: Bool = false
    ) {
        self.line = line
        self.quantity = quantity
        self.unit = unit
        self.name = name
        self.preparation = preparation
        self.note = note
        self.optional = optional
    }

    enum CodingKeys: String, CodingKey {
        case line, quantity, unit, name, preparation, note, optional
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        line = try c.decode(String.self, forKey: .line)
        quantity = try c.decodeIfPresent(Amount.self, forKey: .quantity)
        unit = try c.decodeIfPresent(String.self, forKey: .unit)
        name = try c.decodeIfPresent(String.self, forKey: .name)
        preparation = try c.decodeIfPresent(String.self, forKey: .preparation)
        note = try c.decodeIfPresent(String.self, forKey: .note)
        optional = try c.decodeIfPresent(Bool.self, forKey: .optional) ?? false
    }

    /// `optional` is written only when true.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(line, forKey: .line)
        try c.encodeIfPresent(quantity, forKey: .quantity)
        try c.encodeIfPresent(unit, forKey: .unit)
        try c.encodeIfPresent(name, forKey: .name)
        try c.encodeIfPresent(preparation, forKey: .preparation)
        try c.encodeIfPresent(note, forKey: .note)
        if optional { try c.encode(optional, forKey: .optional) }
    }
}

/// An exact amount (`value`) or a range (`value` to `upper`).
public struct Amount: Codable, Hashable, Sendable {
    /// The amount, or the lower end of a range.
    public var value: Double
    /// The upper end of a range (`3` of `2-3`).
    public var upper: Double?

    /// An amount of `value`, or the range `value` to `upper`.
    public init(_ value: Double, upper: Double? = nil) {
        self.value = value
        self.upper = upper
    }

    /// Whether it is a range.
    public var isRange: Bool { upper != nil }
}

extension Array where Element == IngredientGroup {
    /// Adds a line to the last group when it has this name, else starts a group: for building
    /// groups from lines that each know their group's name.
    public mutating func append(_ ingredient: Ingredient, toGroupNamed name: String?) {
        if let last = indices.last, self[last].name == name {
            self[last].ingredients.append(ingredient)
        } else {
            append(IngredientGroup(name: name, ingredients: [ingredient]))
        }
    }
}
