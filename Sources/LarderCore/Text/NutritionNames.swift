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
    /// `Dietary Fiber`); nil for a label that names no known nutrient.
    public static func key(forLabel label: String) -> String? {
        let folded = String(label.lowercased().filter { $0.isLetter })
        let keys: [String: String] = [
            "calories": "calories", "calorie": "calories", "energy": "calories", "kcal": "calories",
            "fat": "fatContent", "totalfat": "fatContent", "saturatedfat": "saturatedFatContent",
            "transfat": "transFatContent", "unsaturatedfat": "unsaturatedFatContent",
            "carbohydrate": "carbohydrateContent", "carbohydrates": "carbohydrateContent", "carbs": "carbohydrateContent",
            "totalcarbohydrate": "carbohydrateContent", "sugar": "sugarContent", "sugars": "sugarContent",
            "fiber": "fiberContent", "fibre": "fiberContent", "dietaryfiber": "fiberContent",
            "protein": "proteinContent", "sodium": "sodiumContent", "cholesterol": "cholesterolContent",
            "servingsize": "servingSize",
        ]
        if let key = keys[folded] { return key }
        // Already a schema.org key, or one with the suffix left off (`fat` → handled above).
        return keys.values.first { $0.lowercased() == folded }
    }

    /// `Calories: 250`, `proteinContent: 12 g`, `Fat 9 g`: one nutrient a line, as apps keep
    /// nutrition in a text field (Paprika's `nutritional_info`, which Larder writes as
    /// `key: value` lines). Known labels become schema.org keys; a line whose label is not a
    /// known nutrient is kept under its own label when its value is a number. `unread` holds
    /// the lines that are neither, so the caller can keep the text rather than lose them.
    public static func values(fromLines text: String) -> (values: [String: String], unread: [String]) {
        var values: [String: String] = [:]
        var unread: [String] = []
        for rawLine in text.split(whereSeparator: \.isNewline) {
            let line = rawLine.trimmed
            guard !line.isEmpty else { continue }
            var label: String
            var value: String
            if let colon = line.firstIndex(of: ":") {
                label = String(line[..<colon]).trimmed
                value = String(line[line.index(after: colon)...]).trimmed
            } else if let digit = line.firstIndex(where: \.isNumber), digit > line.startIndex {
                // `Protein 12g`: the label, then the amount.
                label = String(line[..<digit]).trimmed
                value = String(line[digit...]).trimmed
            } else {
                unread.append(line)
                continue
            }
            let key = key(forLabel: label)
            guard !label.isEmpty, !value.isEmpty, key != nil || value.first?.isNumber == true else {
                unread.append(line)
                continue
            }
            values[key ?? label] = value
        }
        return (values, unread)
    }
}
