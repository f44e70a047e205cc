import LarderCore
@testable import LarderKit
import Testing

/// TheMealDB's kinds of spec are one list (`MealDBSpec.Kind`): what the parser accepts, what a
/// spec writes back, what an error suggests and what `larder import --help` lists are read from
/// it, so none can leave a kind out.
struct MealDBSpecKindsTests {
    /// A value of each kind that help names: a name, a letter, a number (an id, or a count).
    static let samples = ["NAME": "chicken_breast", "L": "b", "N": "10"]

    @Test(arguments: MealDBSpec.Kind.allCases)
    func everyKindListedIsReadAndWrittenBack(_ kind: MealDBSpec.Kind) throws {
        let written = MealDBSpec.prefix + kind.rawValue + (kind.valueName.map { "=" + Self.samples[$0]! } ?? "")
        let spec = try MealDBSpec(parsing: written)
        #expect(spec.kind == kind)
        #expect(spec.description == written)
        #expect(MealDBSpec.forms.contains(kind.form))
    }

    @Test func theShortKeysAreTheKindsTheyStandFor() throws {
        #expect(try MealDBSpec(parsing: "mealdb:s=soup") == .search("soup"))
        #expect(try MealDBSpec(parsing: "mealdb:F=b") == .letter("b"))
        #expect(try MealDBSpec(parsing: "mealdb:lookup=52772") == .id("52772"))
        #expect(try MealDBSpec(parsing: "mealdb:c=Dessert") == .category("Dessert"))
        #expect(try MealDBSpec(parsing: "mealdb:a=Canadian") == .area("Canadian"))
        #expect(try MealDBSpec(parsing: "MEALDB: All ") == .all)
    }

    @Test func anErrorSuggestsEveryKind() {
        let error = MealDBSpec.SpecError(input: "mealdb:colour=red", problem: "unknown key \"colour\"")
        #expect(error.description == "mealdb:colour=red: unknown key \"colour\" (use \(MealDBSpec.forms))")
        for kind in MealDBSpec.Kind.allCases { #expect(error.description.contains(kind.form)) }
        #expect(throws: MealDBSpec.SpecError.self) { try MealDBSpec(parsing: "mealdb:all=5") }
        #expect(throws: MealDBSpec.SpecError.self) { try MealDBSpec(parsing: "mealdb:search") }
    }
}
