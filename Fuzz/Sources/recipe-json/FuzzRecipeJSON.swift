import Foundation
import FuzzSupport
import LarderCore
import LarderKit

/// A JSON file given to `larder import`: parsed, its shape recognised (Larder's canonical
/// JSON, schema.org, TheMealDB, the apps' shapes, anything recipe-like) and mapped.
// The entry point SwiftPM links this executable with (see CLibFuzzer.h).
@_cdecl("fuzz_recipe_json_main")
public func fuzzTargetMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    FuzzTarget.run(argc, argv, test: fuzzRecipeJSON)
}

func fuzzRecipeJSON(_ data: Data) {
    FuzzFile.read(data, as: .json, name: "input.json")
}
