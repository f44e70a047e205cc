import Foundation
import FuzzSupport
import LarderCore
import LarderKit

/// A Larder bundle given to `larder import` (`.tar.gz`, `.tar.zst`, `.tar.xz`, `.zip`, `.tar`):
/// restored into an empty library (`LibraryRestore`): every entry checked, unpacked into the
/// library's staging folder, the manifest and checksums verified, then each recipe moved in
/// with its images. What the library then holds must read back, and nothing may be written
/// outside it.
// The entry point SwiftPM links this executable with (see CLibFuzzer.h).
@_cdecl("fuzz_bundle_main")
public func fuzzTargetMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    FuzzTarget.run(argc, argv, test: fuzzBundle)
}

func fuzzBundle(_ data: Data) {
    // FuzzInput.file empties the scratch folder first, so the library starts empty.
    let path = FuzzInput.file(data, named: "bundle").path
    let library = Library(root: FuzzInput.scratch.appendingPathComponent("library", isDirectory: true))
    var report = RunReport()
    do {
        try LibraryRestore(library: library).restore(path, into: &report)
    } catch {
        // A bundle refused as a whole is a result too (a report entry or a thrown error).
    }
    try? library.close()
    let left = Set((try? FileManager.default.contentsOfDirectory(atPath: FuzzInput.scratch.path)) ?? [])
    precondition(left.isSubset(of: ["bundle", "library"]), "the restore wrote outside the library: \(left.sorted())")
    for id in (try? library.recipeIDs()) ?? [] {
        do {
            FuzzCheck.storable(try library.load(id: id))
        } catch {
            fatalError("a restored recipe cannot be read back: \(id): \(error)")
        }
    }
}
