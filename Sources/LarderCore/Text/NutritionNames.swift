/// Readable labels for schema.org nutrition keys, and the keys for labels apps write.
public enum NutritionNames {
    public static func label(for key: String) -> String {
        let known: [String: String] = [
            "calories": "Calories", "fatContent": "Fat", "saturatedFatContent": "Saturated fat",
            "transFatContent": "Trans fat", "unsaturatedFatContent": "Unsaturated fat",
            "carbohydrateContent": "Carbohydrates", "sugarContent": "Sugar", "fiberContent": "Fibre",
            "proteinContent": "Protein", "sodiumContent": "Sodium", "cholesterolContent": "Cholesterol",
            "servingSize": "Serving size",
        ]
        return known[key] ?? key
    }

    /// The schema.org key for a label as apps write it (`Saturated Fat`, `carbohydrate`,
    /// `Dietary Fiber`, `Total Carbohydrates`, `Kohlenhydrate`); nil for a label that names no
    /// known nutrient. Case, spaces and punctuation do not matter; neither do a leading `total`
    /// or `dietary`, a trailing `content` or a plural `s`.
    public static func key(forLabel label: String) -> String? {
        var folded = String(label.lowercased().filter { $0.isLetter })
        if let key = keys[folded] { return key }
        for prefix in ["total", "dietary"] where folded.hasPrefix(prefix) && folded.count > prefix.count {
            folded.removeFirst(prefix.count)
        }
        if folded.hasSuffix("content"), folded.count > 7 { folded.removeLast(7) }
        if let key = keys[folded] { return key }
        if folded.hasSuffix("s"), let key = keys[String(folded.dropLast())] { return key }
        // Already a schema.org key, or one with the suffix left off (`fat` → handled above).
        return keys.values.first { $0.lowercased() == folded }
    }

    /// Folded labels (letters only, lower case) to schema.org keys, in the languages Larder
    /// reads recipes in.
    static let keys: [String: String] = [
        "calories": "calories", "calorie": "calories", "energy": "calories", "kcal": "calories", "cal": "calories",
        "fat": "fatContent", "saturatedfat": "saturatedFatContent", "satfat": "saturatedFatContent",
        "transfat": "transFatContent", "unsaturatedfat": "unsaturatedFatContent",
        "carbohydrate": "carbohydrateContent", "carbs": "carbohydrateContent", "carb": "carbohydrateContent",
        "sugar": "sugarContent", "fiber": "fiberContent", "fibre": "fiberContent",
        "protein": "proteinContent", "sodium": "sodiumContent", "cholesterol": "cholesterolContent",
        "servingsize": "servingSize",
        // German, French, Spanish, Italian
        "kalorien": "calories", "brennwert": "calories", "energie": "calories", "calorías": "calories",
        "fett": "fatContent", "lipides": "fatContent", "matièresgrasses": "fatContent", "grasas": "fatContent", "grassi": "fatContent",
        "gesättigtefettsäuren": "saturatedFatContent", "acidesgrassaturés": "saturatedFatContent", "grasassaturadas": "saturatedFatContent",
        "kohlenhydrate": "carbohydrateContent", "glucides": "carbohydrateContent", "carbohidratos": "carbohydrateContent",
        "carboidrati": "carbohydrateContent",
        "zucker": "sugarContent", "sucres": "sugarContent", "azúcares": "sugarContent", "zuccheri": "sugarContent",
        "ballaststoffe": "fiberContent", "fibres": "fiberContent", "fibra": "fiberContent", "fibrealimentaire": "fiberContent",
        "eiweiß": "proteinContent", "eiweiss": "proteinContent", "protéines": "proteinContent", "proteínas": "proteinContent",
        "proteine": "proteinContent",
        "natrium": "sodiumContent", "sodio": "sodiumContent", "cholesterin": "cholesterolContent",
        "portionsgröße": "servingSize", "portion": "servingSize",
    ]
}
