/// Things a shop sells by the piece that recipes also measure chopped, by the cup or the spoon:
/// what one weighs and what a cup of it, prepared, weighs, so that `1 cup chopped onion` and
/// `½ onion` are bought as one line of whole onions. Figures are the common portions of USDA
/// FoodData Central (SR Legacy): an onion (medium, 2½" across) 110 g, a cup chopped 160 g; a
/// clove of garlic 3 g, a teaspoon minced 2.8 g. English names only, as `IngredientDensity`.
public enum CountedThings {
    public struct Entry: Sendable {
        /// The names (as `ShoppingName.key` gives them) it is bought under.
        public let names: [String]
        /// The unit it is counted in ("clove" for garlic); nil for a plain count (`2 onions`).
        public let unit: String?
        public let gramsPerItem: Double
        /// Grams of a cup of it chopped, sliced or minced, as recipes measure it.
        public let gramsPerCup: Double

        /// How many of it a volume in millilitres holds.
        public func items(inMilliliters volume: Double) -> Double {
            volume * gramsPerCup / cupMilliliters / gramsPerItem
        }

        public func items(inGrams mass: Double) -> Double { mass / gramsPerItem }
    }

    static let cupMilliliters = 236.588

    public static let entries: [Entry] = [
        Entry(names: ["onion", "yellow onion", "white onion", "red onion", "brown onion", "sweet onion", "spanish onion", "vidalia onion"],
              unit: nil, gramsPerItem: 110, gramsPerCup: 160),
        Entry(names: ["garlic"], unit: "clove", gramsPerItem: 3, gramsPerCup: 136),
        Entry(names: ["carrot"], unit: nil, gramsPerItem: 61, gramsPerCup: 128),
        Entry(names: ["celery"], unit: "stalk", gramsPerItem: 40, gramsPerCup: 101),
        Entry(names: ["potato", "russet potato", "yukon gold potato", "baking potato", "white potato"], unit: nil, gramsPerItem: 213, gramsPerCup: 150),
        Entry(names: ["tomato", "roma tomato", "plum tomato"], unit: nil, gramsPerItem: 123, gramsPerCup: 180),
        Entry(names: ["bell pepper", "red bell pepper", "green bell pepper", "yellow bell pepper", "orange bell pepper"],
              unit: nil, gramsPerItem: 119, gramsPerCup: 149),
        Entry(names: ["apple"], unit: nil, gramsPerItem: 182, gramsPerCup: 125),
        Entry(names: ["zucchini"], unit: nil, gramsPerItem: 196, gramsPerCup: 124),
        Entry(names: ["cucumber"], unit: nil, gramsPerItem: 301, gramsPerCup: 119),
        Entry(names: ["mushroom", "button mushroom", "white mushroom", "cremini mushroom"], unit: nil, gramsPerItem: 18, gramsPerCup: 70),
        Entry(names: ["leek"], unit: nil, gramsPerItem: 89, gramsPerCup: 89),
        Entry(names: ["jalapeno", "jalapeno pepper"], unit: nil, gramsPerItem: 14, gramsPerCup: 90),
        Entry(names: ["scallion"], unit: nil, gramsPerItem: 15, gramsPerCup: 100),
        Entry(names: ["avocado"], unit: nil, gramsPerItem: 201, gramsPerCup: 150),
        Entry(names: ["banana"], unit: nil, gramsPerItem: 118, gramsPerCup: 225),
        Entry(names: ["egg"], unit: nil, gramsPerItem: 50, gramsPerCup: 243),
    ]

    static let byName: [String: Entry] = {
        var table: [String: Entry] = [:]
        for entry in entries { for name in entry.names { table[name] = entry } }
        return table
    }()

    /// The entry for a shopping key, or nil.
    public static func entry(forKey key: String) -> Entry? {
        byName[key]
    }

    /// The key without the preparation words in front of it, when what is left is a thing of
    /// this table (`chopped onion` is bought as onions); nil otherwise. `diced tomatoes` out
    /// of a can are another purchase: the caller asks only for lines measured by volume,
    /// weight or count, never in cans or jars.
    public static func wholeThing(forKey key: String) -> String? {
        var words = key.split(separator: " ").map(String.init)
        var stripped = false
        while words.count > 1, let first = words.first, IngredientWords.preparation.contains(first) || first == "fresh" {
            // Crushed and diced tomatoes, puréed pumpkin: sold so, in cans and cartons.
            guard !soldPrepared.contains(first) else { return nil }
            words.removeFirst()
            stripped = true
        }
        let rest = words.joined(separator: " ")
        return stripped && byName[rest] != nil ? rest : nil
    }

    /// The name as written without the preparation words in front (`finely chopped onions` →
    /// `onions`), for a name `wholeThing` found.
    public static func wholeThingName(_ name: String) -> String {
        var words = name.split(separator: " ").map(String.init)
        while words.count > 1, let first = words.first?.lowercased(), IngredientWords.preparation.contains(first) || first == "fresh" {
            words.removeFirst()
        }
        return words.joined(separator: " ")
    }

    /// Preparations a shop sells: a thing so prepared is another purchase.
    static let soldPrepared: Set<String> = ["crushed", "diced", "pureed", "puréed", "mashed", "cooked", "roasted", "grilled", "boiled", "stewed"]
}
