/// A Cooklang recipe as the specification describes it: metadata, and steps made of text,
/// ingredients, cookware and timers, in sections. `CooklangParser` builds it from text;
/// `CooklangMapper` turns it into a Recipe.
public struct CooklangDocument: Equatable, Sendable {
    /// Keys in the order written (`title`, `servings`, `cooking time`).
    public var metadata: [(key: String, value: MetadataValue)]
    /// The steps, in sections (one without a name when the file has no `= Section` lines).
    public var sections: [Section]
    /// Lines starting with `>`.
    public var notes: [String]

    /// Metadata values are the front matter's: text, or a list.
    public typealias MetadataValue = FrontMatter.Value

    /// A section of the recipe's steps.
    public struct Section: Equatable, Sendable {
        /// The section's name, when it has one.
        public var name: String?
        /// Its steps, each a run of items.
        public var steps: [[Item]]
    }

    /// A quantity in braces: a number (with how it was written, `1/3`), text the spec keeps
    /// as written (`few`, `01/2`), or none.
    public enum Quantity: Equatable, Sendable {
        /// No quantity was written (`@salt{}` or `@salt`).
        case none
        /// A number, and the text it was written as (`1/2`), so that writing it back keeps the form.
        case number(Double, written: String)
        /// A quantity that is not a number (`some`, `a pinch`).
        case text(String)

        /// The number, when the quantity is one.
        public var value: Double? {
            if case .number(let value, _) = self { return value }
            return nil
        }
    }

    /// A piece of a step: text, an `@ingredient{}`, a `#cookware{}` or a `~timer{}`.
    public enum Item: Equatable, Sendable {
        /// Words of the step between the marked-up parts.
        case text(String)
        /// An ingredient used in the step (`@flour{2%cups}(sifted)`).
        case ingredient(name: String, quantity: Quantity, units: String, preparation: String?)
        /// A tool the step needs (`#pot{}`).
        case cookware(name: String, quantity: Quantity)
        /// A time the step waits (`~rest{10%minutes}`).
        case timer(name: String, quantity: Quantity, units: String)
    }

    public static func == (lhs: CooklangDocument, rhs: CooklangDocument) -> Bool {
        lhs.sections == rhs.sections && lhs.notes == rhs.notes
            && lhs.metadata.map(\.key) == rhs.metadata.map(\.key) && lhs.metadata.map(\.value) == rhs.metadata.map(\.value)
    }

    /// The metadata value of the first of `keys` present (any case).
    public func value(_ keys: String...) -> MetadataValue? {
        for key in keys {
            if let found = metadata.first(where: { $0.key.lowercased() == key }) { return found.value }
        }
        return nil
    }
}
