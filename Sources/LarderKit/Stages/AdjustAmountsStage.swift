import LarderCore

/// Scales recipes (by a factor or to a number of servings) and converts their units, for
/// exports that people cook from. A recipe that cannot be scaled to servings fails with why.
public struct AdjustAmountsStage: RecipeStage {
    public enum Scaling: Sendable {
        case factor(Double)
        case servings(Double)
    }

    public let name = "adjust amounts"
    let scaling: Scaling?
    let units: MeasureUnit.System?

    public init(scaling: Scaling?, units: MeasureUnit.System?) {
        self.scaling = scaling
        self.units = units
    }

    public func apply(_ recipe: Recipe) throws -> StageDecision {
        var result = recipe
        switch scaling {
        case .factor(let factor): result = RecipeAdjuster.scaled(result, by: factor)
        case .servings(let servings): result = try RecipeAdjuster.scaled(result, toServings: servings)
        case nil: break
        }
        if let units { result = RecipeAdjuster.converted(result, to: units) }
        return .keep(result)
    }
}
