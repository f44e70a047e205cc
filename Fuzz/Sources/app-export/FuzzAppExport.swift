import Foundation
import FuzzSupport
import LarderKit

/// A file named on the command line of `larder import`, read by its bytes: Paprika's gzip'd
/// `.paprikarecipe`, the zip exports of Paprika, Nextcloud, Mealie, Tandoor, Copy Me That and
/// Plan to Eat (entries streamed through libarchive, one level of nested archives), and any
/// single recipe file those hold.
// The entry point SwiftPM links this executable with (see CLibFuzzer.h).
@_cdecl("fuzz_app_export_main")
public func fuzzTargetMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    FuzzTarget.run(argc, argv, test: fuzzAppExport)
}

func fuzzAppExport(_ data: Data) {
    let path = FuzzInput.file(data, named: "export").path
    FuzzInput.drain { FileSource(path: path) }
}
