import Foundation
import FuzzSupport
import LarderCore
import LarderKit

/// The XML of MasterCook (`.mx2`), Gourmet (`.grmt`) and KRecipes (`.kreml`): read by libxml2
/// with no network and no entities, then mapped by its root element's format, as
/// `larder import --from mastercook` reads a file (the three share one reader).
// The entry point SwiftPM links this executable with (see CLibFuzzer.h).
@_cdecl("fuzz_xml_main")
public func fuzzTargetMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    FuzzTarget.run(argc, argv, test: fuzzXML)
}

func fuzzXML(_ data: Data) {
    FuzzFile.read(data, as: .mastercook, name: "input.xml")
}
