import Foundation
import FuzzSupport
import LarderCore
@testable import LarderKit

/// The XML of MasterCook (`.mx2`), Gourmet (`.grmt`) and KRecipes (`.kreml`): read by libxml2
/// with no network and no entities, then mapped by its root element's format, as
/// `larder import --from mastercook` reads a file (the three share one reader).
// The entry point SwiftPM links this executable with (see CLibFuzzer.h).
@_cdecl("fuzz_xml_main")
public func fuzzTargetMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    FuzzTarget.run(argc, argv, test: fuzzXML)
}

func fuzzXML(_ data: Data) {
    let reader = RecipeFileReader(forced: .mastercook, pageURL: nil, limits: InputLimits())
    for found in reader.recipes(name: "input.xml", data: data, input: "input.xml") {
        if case .success(let recipe) = found.result { FuzzCheck.storable(recipe) }
    }
}
