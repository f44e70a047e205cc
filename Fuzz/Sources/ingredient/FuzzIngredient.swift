import Foundation
import FuzzSupport
import LarderCore

/// An ingredient line as a recipe gives it: amounts, ranges, fractions, units, names, comments.
// The entry point SwiftPM links this executable with (see CLibFuzzer.h).
@_cdecl("fuzz_ingredient_main")
public func fuzzTargetMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    FuzzTarget.run(argc, argv, test: fuzzIngredient)
}

func fuzzIngredient(_ data: Data) {
    let line = FuzzInput.text(data)
    let parsed = IngredientParser.parse(line)
    FuzzCheck.amount(parsed.quantity, of: line)
    _ = IngredientHeading.name(of: line)
}
