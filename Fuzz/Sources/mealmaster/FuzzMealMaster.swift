import Foundation
import FuzzSupport
import LarderCore
@testable import LarderKit

/// A Meal-Master file (`.mmf`, `.txt`): one or many recipes, one- or two-column ingredient layouts.
/// Read as `larder import --from mealmaster` reads a file.
// The entry point SwiftPM links this executable with (see CLibFuzzer.h).
@_cdecl("fuzz_mealmaster_main")
public func fuzzTargetMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    FuzzTarget.run(argc, argv, test: fuzzMealMaster)
}

func fuzzMealMaster(_ data: Data) {
    let reader = RecipeFileReader(forced: .mealmaster, pageURL: nil, limits: InputLimits())
    for found in reader.recipes(name: "input.mmf", data: data, input: "input.mmf") {
        if case .success(let recipe) = found.result { FuzzCheck.storable(recipe) }
    }
}
