import Foundation
import FuzzSupport
import LarderCore
@testable import LarderKit

/// A JSON file given to `larder import`: parsed, its shape recognised (Larder's canonical
/// JSON, schema.org, TheMealDB, the apps' shapes, anything recipe-like) and mapped.
// The entry point SwiftPM links this executable with (see CLibFuzzer.h).
@_cdecl("fuzz_recipe_json_main")
public func fuzzTargetMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    FuzzTarget.run(argc, argv, test: fuzzRecipeJSON)
}

func fuzzRecipeJSON(_ data: Data) {
    let reader = RecipeFileReader(forced: .json, pageURL: nil, limits: InputLimits())
    for found in reader.recipes(name: "input.json", data: data, input: "input.json") {
        if case .success(let recipe) = found.result { FuzzCheck.storable(recipe) }
    }
}
