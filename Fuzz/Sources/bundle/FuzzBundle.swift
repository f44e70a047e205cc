import Foundation
import FuzzSupport
import LarderKit

/// A Larder bundle given to `larder import` (`.tar.gz`, `.tar.zst`, `.tar.xz`, `.zip`, `.tar`):
/// every entry checked, unpacked into a staging folder, the manifest and checksums verified,
/// then each recipe decoded with its images.
// The entry point SwiftPM links this executable with (see CLibFuzzer.h).
@_cdecl("fuzz_bundle_main")
public func fuzzTargetMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    FuzzTarget.run(argc, argv, test: fuzzBundle)
}

func fuzzBundle(_ data: Data) {
    let path = FuzzInput.file(data, named: "bundle").path
    let stagingParent = FuzzInput.scratch
    FuzzInput.drain { BundleSource(path: path, stagingParent: stagingParent) }
}
