import Foundation

/// JSON has no infinity and no NaN, yet a source can write `1e309`, which reads as infinity;
/// a recipe holding one could not be stored ("EncodingError … inf"). Such a number means
/// nothing, so it is dropped, and the caller notes which field lost it; the recipe is kept.
extension Recipe {
    /// Removes every number that is not finite, anywhere in the recipe (amounts, yield, times,
    /// rating, dates, extras), and returns the fields that held one (`rating`, `extras.x`).
    public mutating func dropNonFiniteNumbers() -> [String] {
        var dropped: [String] = []
        if let quantity = yield?.quantity {
            yield?.quantity = quantity.finite(field: "yield", dropped: &dropped)
        }
        times.prep = times.prep?.finite(field: "prep time", dropped: &dropped)
        times.cook = times.cook?.finite(field: "cook time", dropped: &dropped)
        times.total = times.total?.finite(field: "total time", dropped: &dropped)
        if let rating {
            if !rating.value.isFinite {
                self.rating = nil
                dropped.append("rating")
            } else if let best = rating.best, !best.isFinite {
                self.rating?.best = nil
                dropped.append("rating's best value")
            }
        }
        dates.created = Self.finite(dates.created, field: "created date", dropped: &dropped)
        dates.modified = Self.finite(dates.modified, field: "modified date", dropped: &dropped)
        dates.published = Self.finite(dates.published, field: "published date", dropped: &dropped)
        let cooked = dates.cooked.filter { $0.timeIntervalSinceReferenceDate.isFinite }
        if cooked.count < dates.cooked.count { dropped.append("cooked dates") }
        dates.cooked = cooked
        for group in ingredientGroups.indices {
            for index in ingredientGroups[group].ingredients.indices {
                guard let quantity = ingredientGroups[group].ingredients[index].quantity,
                      !quantity.value.isFinite || !(quantity.upper?.isFinite ?? true) else { continue }
                let field = "the amount of \"\(ingredientGroups[group].ingredients[index].line)\""
                ingredientGroups[group].ingredients[index].quantity = quantity.finite(field: field, dropped: &dropped)
            }
        }
        for key in extras.keys.sorted() where !(extras[key]?.isFiniteThroughout ?? true) {
            extras[key] = extras[key]?.finite(path: "extras.\(key)", dropped: &dropped)
        }
        return dropped
    }

    private static func finite(_ date: Date?, field: String, dropped: inout [String]) -> Date? {
        guard let date, !date.timeIntervalSinceReferenceDate.isFinite else { return date }
        dropped.append(field)
        return nil
    }
}

extension Amount {
    /// Itself when finite; without its upper end when only that is not; nil when its value
    /// is not.
    func finite(field: String, dropped: inout [String]) -> Amount? {
        guard value.isFinite else {
            dropped.append(field)
            return nil
        }
        guard let upper, !upper.isFinite else { return self }
        dropped.append(field + " (its upper end)")
        return Amount(value)
    }
}

extension RecipeDuration {
    /// Itself, without the minutes that are not finite; nil when nothing is left.
    func finite(field: String, dropped: inout [String]) -> RecipeDuration? {
        var kept = self
        if let minutes, !minutes.isFinite {
            kept.minutes = nil
            dropped.append(field)
        }
        if let upperMinutes, !upperMinutes.isFinite {
            kept.upperMinutes = nil
            if minutes?.isFinite ?? false { dropped.append(field + " (its upper end)") }
        }
        return kept.minutes == nil && kept.upperMinutes == nil && kept.text == nil ? nil : kept
    }
}

extension JSONValue {
    /// No number in it is infinite or NaN (checked before anything is rebuilt).
    var isFiniteThroughout: Bool {
        switch self {
        case .number(let number): number.isFinite
        case .array(let items): items.allSatisfy(\.isFiniteThroughout)
        case .object(let fields): fields.values.allSatisfy(\.isFiniteThroughout)
        default: true
        }
    }

    /// The value without the numbers in it that are not finite (an object loses the key, a
    /// list the item); nil when it is such a number itself.
    func finite(path: String, dropped: inout [String]) -> JSONValue? {
        switch self {
        case .number(let number) where !number.isFinite:
            dropped.append(path)
            return nil
        case .array(let items):
            return .array(items.enumerated().compactMap { $1.finite(path: "\(path)[\($0)]", dropped: &dropped) })
        case .object(let fields):
            var kept: [String: JSONValue] = [:]
            for key in fields.keys.sorted() {
                if let value = fields[key]?.finite(path: "\(path).\(key)", dropped: &dropped) { kept[key] = value }
            }
            return .object(kept)
        default:
            return self
        }
    }
}
