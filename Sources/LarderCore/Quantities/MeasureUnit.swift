/// The units that convert into each other: volumes and masses, with their size in millilitres
/// or grams and the measuring system they belong to. Counting units (clove, can, pinch) are not
/// here: they never convert.
public struct MeasureUnit: Sendable, Equatable {
    /// What a unit measures.
    public enum Dimension: Sendable {
        /// Measured in millilitres (cups, spoons, litres).
        case volume
        /// Measured in grams (ounces, pounds, kilograms).
        case mass
    }
    /// The measuring system a unit belongs to: metric, or US customary.
    public enum System: String, Sendable, CaseIterable {
        /// Grams and millilitres (`--units metric`).
        case metric
        /// Cups, spoons, ounces and pounds (`--units us`).
        case us
    }

    /// Canonical name, as in the unit vocabulary (`cup`, `gram`).
    public let name: String
    /// Whether it measures volume or mass.
    public let dimension: Dimension
    /// Millilitres for volumes, grams for masses.
    public let size: Double
    /// Nil for units both systems use as they are (teaspoon, tablespoon).
    public let system: System?
    /// How cooks write it: singular and plural.
    public let written: (singular: String, plural: String)

    public static func == (a: MeasureUnit, b: MeasureUnit) -> Bool { a.name == b.name }

    /// Every unit that converts, with its size.
    public static let all: [MeasureUnit] = [
        MeasureUnit(name: "teaspoon", dimension: .volume, size: 4.92892, system: nil, written: ("tsp", "tsp")),
        MeasureUnit(name: "tablespoon", dimension: .volume, size: 14.7868, system: nil, written: ("tbsp", "tbsp")),
        MeasureUnit(name: "fluid ounce", dimension: .volume, size: 29.5735, system: .us, written: ("fl oz", "fl oz")),
        MeasureUnit(name: "cup", dimension: .volume, size: 236.588, system: .us, written: ("cup", "cups")),
        MeasureUnit(name: "pint", dimension: .volume, size: 473.176, system: .us, written: ("pint", "pints")),
        MeasureUnit(name: "quart", dimension: .volume, size: 946.353, system: .us, written: ("quart", "quarts")),
        MeasureUnit(name: "gallon", dimension: .volume, size: 3785.41, system: .us, written: ("gallon", "gallons")),
        MeasureUnit(name: "milliliter", dimension: .volume, size: 1, system: .metric, written: ("ml", "ml")),
        MeasureUnit(name: "centiliter", dimension: .volume, size: 10, system: .metric, written: ("cl", "cl")),
        MeasureUnit(name: "deciliter", dimension: .volume, size: 100, system: .metric, written: ("dl", "dl")),
        MeasureUnit(name: "liter", dimension: .volume, size: 1000, system: .metric, written: ("l", "l")),
        MeasureUnit(name: "milligram", dimension: .mass, size: 0.001, system: .metric, written: ("mg", "mg")),
        MeasureUnit(name: "gram", dimension: .mass, size: 1, system: .metric, written: ("g", "g")),
        MeasureUnit(name: "kilogram", dimension: .mass, size: 1000, system: .metric, written: ("kg", "kg")),
        MeasureUnit(name: "ounce", dimension: .mass, size: 28.3495, system: .us, written: ("oz", "oz")),
        MeasureUnit(name: "pound", dimension: .mass, size: 453.592, system: .us, written: ("lb", "lb")),
    ]

    static let byName: [String: MeasureUnit] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

    /// The unit for a canonical name, or nil for units that do not convert.
    public static func named(_ name: String?) -> MeasureUnit? {
        name.flatMap { byName[$0] }
    }

    /// Units that name things a cook counts, whole or halved: a clove, a can, a stick, a pinch.
    /// Amounts in them (and amounts with no unit at all: `3 eggs`) are rounded to what can be
    /// counted when scaled, never to `1 ⅓ cans`. Measures (cups, grams, spoons), vessels used as
    /// measures (a glass, a mug) and lengths are not counts.
    static let counted: Set<String> = [
        "bag", "ball", "bar", "basket", "batch", "block", "bottle", "box", "branch", "breast", "bulb", "bunch", "bundle", "cake",
        "can", "canister", "carton", "chunk", "clove", "cluster", "container", "cube", "cutlet", "dash", "dollop", "drop", "ear",
        "fillet", "floret", "glug", "grind", "handful", "head", "heel", "jar", "knob", "leaf", "leg", "link", "loaf", "log",
        "package", "packet", "piece", "pinch", "pod", "pot", "punnet", "rack", "rasher", "rib", "round", "section", "segment",
        "shake", "sheet", "shoot", "slice", "smidgen", "spear", "splash", "sprig", "sprinkle", "square", "stalk", "steak", "stem",
        "stick", "strip", "thigh", "tub", "tube", "twist", "unit", "wedge", "wheel",
    ]

    /// Whether an amount in this unit (canonical name; nil for none) counts things.
    public static func isCounted(_ unit: String?) -> Bool {
        unit.map(counted.contains) ?? true
    }

    /// How a unit is written for an amount: the abbreviation cooks use for convertible units,
    /// the vocabulary's word (pluralised) for the others.
    public static func written(_ name: String, plural: Bool) -> String {
        if let unit = byName[name] { return plural ? unit.written.plural : unit.written.singular }
        // A size given as the unit by an app's structured ingredient ("2 medium" cloves of
        // garlic) is an adjective: "2 medium", never "2 mediums".
        if IngredientWords.sizes.contains(name.lowercased()) { return name }
        guard UnitVocabulary.canonical(name) != nil else {
            // A size before a unit Larder knows (`15 ounce can`) takes that unit's plural
            // (`15 ounce cans`). Any other unit Larder does not know (an app's free text, `oz,
            // peeled and minced`) has no plural Larder could know either: it stays as written.
            guard plural, !name.contains(","), let space = name.lastIndex(of: " ") else { return name }
            let last = String(name[name.index(after: space)...])
            guard let unit = UnitVocabulary.canonical(last), unit == last.lowercased() else { return name }
            return name[...space] + written(unit, plural: true)
        }
        return plural ? pluralWord(name) : name
    }

    /// The plural of a unit's full word: "loaves", not the vocabulary's first spelling "loafs".
    static func pluralWord(_ name: String) -> String {
        let english = EnglishNoun.plural(name)
        if UnitVocabulary.table[english] == name || english.hasSuffix("ves") { return english }
        return UnitVocabulary.plurals(of: name).first { UnitVocabulary.table[$0] == name } ?? name + "s"
    }
}
