import Crypto
import Foundation

/// SHA-256 for content hashes, recipe ids and manifest checksums, computed by swift-crypto
/// (BoringSSL's assembly on Linux, CryptoKit on Apple platforms). This small type keeps
/// Larder's hex helpers in one place and lets the other modules hash without importing Crypto;
/// inside LarderCore its name stands for this type, `Crypto.SHA256` for swift-crypto's.
public struct SHA256 {
    private var hasher = Crypto.SHA256()

    /// A hasher with nothing fed yet.
    public init() {}

    /// Feeds more bytes; call as often as needed, then `finalize()`.
    public mutating func update<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        let done: Void? = bytes.withContiguousStorageIfAvailable { update(UnsafeRawBufferPointer($0)) }
        if done == nil { update(Array(bytes)) }
    }

    /// Feeds bytes from a buffer without copying them (large files read in blocks).
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        hasher.update(bufferPointer: bytes)
    }

    /// The 32 bytes of the digest.
    public func finalize() -> [UInt8] {
        Array(hasher.finalize())
    }

    /// The hex digest of `bytes`.
    public static func hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.finalize().hexString
    }

    /// The hex digest of `text`'s UTF-8 bytes.
    public static func hex(_ text: String) -> String { hex(Array(text.utf8)) }

    /// The hex digest of `data`, hashed through its buffer in one call.
    public static func hex(_ data: Data) -> String {
        Array(Crypto.SHA256.hash(data: data)).hexString
    }
}

extension Array where Element == UInt8 {
    /// The bytes as lower-case hex, two digits each.
    public var hexString: String {
        let digits = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count * 2)
        for byte in self {
            bytes.append(digits[Int(byte >> 4)])
            bytes.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
