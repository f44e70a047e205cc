import Foundation
import FuzzSupport
@testable import LarderHTML

/// The text of a page's `<script type="application/ld+json">` block: unwrapped from comment
/// and CDATA markers, repaired when it is not quite JSON, unescaped when HTML-escaped whole.
// The entry point SwiftPM links this executable with (see CLibFuzzer.h).
@_cdecl("fuzz_jsonld_repair_main")
public func fuzzTargetMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    FuzzTarget.run(argc, argv, test: fuzzJSONLDRepair)
}

func fuzzJSONLDRepair(_ data: Data) {
    let block = String(decoding: data, as: UTF8.self)
    _ = JSONLDBlocks.parse(block)
}
