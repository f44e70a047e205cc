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
}

