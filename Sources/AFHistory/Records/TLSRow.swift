import AFRunner
import Foundation
import GRDB

/// A `tls` row: the TLS evidence of an HTTPS result.
struct TLSRow: PersistableRecord {
    static let databaseTableName = "tls"

    let resultID: Int64
    let tls: TLSSummary
    let json: JSONEncoder

    func encode(to container: inout PersistenceContainer) throws {
        container["result_id"] = resultID
        container["protocol_version"] = tls.protocolVersion
        container["cipher"] = tls.cipher
        container["chain_pins"] = String(decoding: try json.encode(tls.chainPins), as: UTF8.self)
        container["leaf_subject"] = tls.leafSubject
        container["leaf_not_after"] = tls.leafNotAfter
        container["trusted"] = tls.trusted
        container["rejection_reason"] = tls.rejectionReason
    }
}
