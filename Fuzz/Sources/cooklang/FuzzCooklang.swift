import Foundation
import FuzzSupport
import LarderCore
import LarderKit

/// A Cooklang file: front matter, `>>` metadata, ingredients, cookware, timers, sections, notes.
/// Read as `larder import --from cooklang` reads a file.
// The entry point SwiftPM links this executable with (see CLibFuzzer.h).
@_cdecl("fuzz_cooklang_main")
public func fuzzTargetMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    FuzzTarget.run(argc, argv, test: fuzzCooklang)
}

func fuzzCooklang(_ data: Data) {
    FuzzFile.read(data, as: .cooklang, name: "input.cook")
}
