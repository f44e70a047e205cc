import LarderCore

/// Scales recipes (by a factor or to a number of servings) and converts their units, for
/// exports that people cook from. A recipe that cannot be scaled to servings fails with why.
public struct AdjustAmountsStage: RecipeStage {
    /// How much of the recipe to make.
    public enum Scaling: Sendable {
        /// Multiply every amount by this (`--scale 2`).
        case factor(Double)
        /// Scale to serve this many (`--servings 6`); a recipe that does not say what it serves fails.
        case servings(Double)
    }

    /// The stage's name in the report (`adjust amounts`).
    public let name = "adjust amounts"
    let scaling: Scaling?
    let units: MeasureUnit.System?

    /// A stage that scales by `scaling` and converts to `units`; nil leaves either as it is.
    public init(scaling: Scaling?, units: MeasureUnit.System?) {
        self.scaling = scaling
        self.units = units
    }

    /// The stage applied to one recipe (`RecipeStage.apply(_:)`; the type says what it does).
    public func apply(_ recipe: Recipe) throws -> StageDecision {
        var result = recipe
        switch scaling {
        case .factor(let factor): result = RecipeAdjuster.scaled(result, by: factor)
        case .servings(let servings): result = try RecipeAdjuster.scaled(result, toServings: servings)
        case nil: break
        }
        var notes: [String] = []
        if let scaling, case let unscaled = RecipeAdjuster.leftUnscaled(recipe, result), !unscaled.isEmpty {
            notes.append(Self.unscaledNote(unscaled, title: recipe.title, scaling: scaling))
        }
        if let units {
            let converted = RecipeAdjuster.converted(result, to: units)
            let kept = RecipeAdjuster.keptAsWritten(result, converted, system: units)
            if !kept.isEmpty { notes.append(Self.keptNote(kept, title: recipe.title, system: units)) }
            let unknown = RecipeAdjuster.inUnknownUnits(converted)
            if !unknown.isEmpty { notes.append(Self.unknownUnitNote(unknown, title: recipe.title, system: units)) }
            result = converted
        }
        return notes.isEmpty ? .keep(result) : .keepNoting(result, notes: notes)
    }

    /// `"Big bread": --scale 2 leaves one line as written, since it holds no amount Larder can
    /// scale: "99999999999999 cups flour"`.
    static func unscaledNote(_ lines: [String], title: String, scaling: Scaling) -> String {
        let option = switch scaling {
        case .factor(let factor): "--scale \(YAMLText.number(factor))"
        case .servings(let servings): "--servings \(YAMLText.number(servings))"
        }
        let (count, it) = lines.count == 1 ? ("one line", "it holds") : ("\(lines.count) lines", "they hold")
        return "\"\(title)\": \(option) leaves \(count) as written, since \(it) no amount Larder can read and scale: "
            + lines.map { "\"\($0)\"" }.joined(separator: "; ")
    }

    /// `"Dal": --units metric leaves one amount as written, since Larder does not know its unit: "2 glugs oil"`.
    static func unknownUnitNote(_ lines: [String], title: String, system: MeasureUnit.System) -> String {
        let (count, its) = lines.count == 1 ? ("one amount", "its unit") : ("\(lines.count) amounts", "their units")
        return "\"\(title)\": --units \(system.rawValue) leaves \(count) as written, since Larder does not know \(its): "
            + lines.map { "\"\($0)\"" }.joined(separator: "; ")
    }

    /// `"Kuchen": --units metric leaves 2 amounts as written, since …: "1 Tasse Mehl"; "2 cups Walnüsse"`.
    static func keptNote(_ lines: [String], title: String, system: MeasureUnit.System) -> String {
        let (count, them) = lines.count == 1 ? ("one amount", "it") : ("\(lines.count) amounts", "them")
        return "\"\(title)\": --units \(system.rawValue) leaves \(count) as written, since converting \(them) needs what the ingredient "
            + "weighs by the cup, which Larder knows only for some ingredients named in English: " + lines.map { "\"\($0)\"" }.joined(separator: "; ")
    }
}
