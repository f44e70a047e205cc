import Foundation
import FuzzSupport
import LarderCore
import LarderKit

/// A Meal-Master file (`.mmf`, `.txt`): one or many recipes, one- or two-column ingredient layouts.
/// Read as `larder import --from mealmaster` reads a file.
// The entry point SwiftPM links this executable with (see CLibFuzzer.h).
@_cdecl("fuzz_mealmaster_main")
public func fuzzTargetMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    FuzzTarget.run(argc, argv, test: fuzzMealMaster)
}

func fuzzMealMaster(_ data: Data) {
    FuzzFile.read(data, as: .mealmaster, name: "input.mmf")
}
