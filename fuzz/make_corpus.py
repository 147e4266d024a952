#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Writes the seed corpus of every fuzz target (fuzz/corpus/<name>/, one file per input,
# named by its hash) from the test data and the tests' examples. Re-run after changing a
# target's input format. Usage: fuzz/make_corpus.py
import os, hashlib
repo=os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
root=os.path.join(repo,'fuzz','corpus')
def put(target, data):
    if isinstance(data, str): data = data.encode()
    d=os.path.join(root,target); os.makedirs(d, exist_ok=True)
    name=hashlib.sha1(data).hexdigest()[:16]
    open(os.path.join(d,name),'wb').write(data)
def tsv(path):
    out=[]
    for line in open(path):
        if line.startswith('#') or line.startswith('fen\t') or not line.strip(): continue
        cols=line.rstrip('\n').split('\t')
        out.append((cols[0], cols[3] if len(cols)>3 else 'pacifist'))
    return out
std=tsv(repo+'/tests/data/perft-standard.tsv')
pac=tsv(repo+'/tests/data/perft-pacifist.tsv')
vbyte={'standard':0,'chess960':1,'pacifist':2}
# fen: a selection of every kind, plus the castling dialects
seen=set()
picks=[]
for fen,v in std[::6]+pac[::3]:
    picks.append((fen,v))
picks += [("bbrknrqn/pppppppp/8/8/8/8/PPPPPPPP/BBRKNRQN w FCfc - 0 1",'chess960'),
          ("bbrknrqn/pppppppp/8/8/8/8/PPPPPPPP/BBRKNRQN w KQkq - 0 1",'chess960'),
          ("rk5r/8/8/8/8/8/8/R1RK3R w Cha - 0 1",'chess960'),
          ("startpos",'standard'),
          ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",'standard'),
          ("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",'standard'),
          ("nbr1b1qr/ppppKppp/7n/4pN2/K3P3/P7/QPPP1PPP/B1R1RBN1 b - - 0 1",'pacifist')]
for fen,v in picks:
    put('fen', bytes([vbyte[v]])+fen.encode())
# pacifist_movegen: FEN mode (0) and chess960 numbers, with some move bytes
for fen,v in pac[::2]:
    put('pacifist_movegen', b'\x00'+fen.encode()+b'\n'+bytes(range(7,40,3)))
for n in (518, 0, 959, 300):
    put('pacifist_movegen', bytes([1, n>>8, n&255])+bytes(range(1,60,2)))
# uci_move
for sel,mv in [(0,'e2e4'),(0,'g1f3'),(1,'e1g1'),(1,'e1h1'),(1,'b7a8q'),(1,'e1c1'),(2,'e5f6'),(3,'e1g1'),(3,'e1b1'),(4,'b1a1'),(4,'b1h1'),(5,'e2e4'),(6,'e3f5'),(7,'e1h1'),(7,'b7b8n'),(7,'e1c1')]:
    put('uci_move', bytes([sel])+mv.encode())
# uci_session
sessions=["uci\nisready\nucinewgame\nposition startpos moves e2e4 e7e5\ngo depth 3\nstop\nquit\n",
 "setoption name UCI_Chess960 value true\nposition fen bbrknrqn/pppppppp/8/8/8/8/PPPPPPPP/BBRKNRQN w FCfc - 0 1 moves d1c1\nd\ngo wtime 1000 btime 1000 winc 10 binc 10\n",
 "setoption name UCI_Variant value pacifist\nposition startpos moves e2e4\ngo movetime 5\nposition fen rkqn1rb1/ppppppbp/P7/1n4p1/8/4N3/1PPPPPPP/RNK1BBQR w - - 0 1\ngo perft 2\n",
 "setoption name Hash value 1\nsetoption name Threads value 2\nsetoption name Move Overhead value 0\nposition startpos\ngo ponder\nponderhit\ngo infinite\nstop\n",
 "position startpos moves e2e4 e7e5 g1f3 b8c6 f1b5\ngo mate 2 searchmoves e1g1\ngo nodes 500\nisready\n"]
for s in sessions: put('uci_session', s)
# ndjson_splitter, event_stream, game_stream
lich=repo+'/tests/data/lichess/'
nd=repo+'/tests/data/ndjson/'
for f in ['event-stream.ndjson','game-stream-crlf.ndjson']:
    put('ndjson_splitter', bytes([200,1,2,3,4])+open(nd+f,'rb').read())
    put('ndjson_splitter', bytes([30,9,8,7,6])+open(nd+f,'rb').read())
put('ndjson_splitter', bytes([3,0,0,0,1])+b'{"a":1}\r\n\n\nabcdefgh\n\r\n')
put('event_stream', open(lich+'event-stream.ndjson','rb').read())
put('event_stream', open(nd+'event-stream.ndjson','rb').read())
for f in ['game-stream-ai.ndjson','game-stream-chess960.ndjson','game-stream-from-position.ndjson','game-stream-standard.ndjson']:
    put('game_stream', open(lich+f,'rb').read())
put('game_stream', open(nd+'game-stream-crlf.ndjson','rb').read())
# api_responses: reader byte, status byte, body
for r,f in [(0,'account.json'),(1,'token-test.json'),(2,'playing.json'),(3,'users-status.json'),(4,'challenge-create.json'),(5,'challenge-list.json'),(6,'chat.json'),(7,'ratelimit-429.json'),(7,'ratelimit-429.html')]:
    put('api_responses', bytes([r, 4 if f.startswith('ratelimit') else 0])+open(lich+f,'rb').read())
put('api_responses', bytes([0,0])+open(lich+'bot-online.ndjson','rb').read().split(b'\n')[0])
put('api_responses', bytes([7,4])+b'120\n<html>Too many requests</html>')
# config_load
for f in os.listdir(repo+'/tests/data/config'):
    put('config_load', open(repo+'/tests/data/config/'+f,'rb').read())
put('config_load', open(repo+'/config/paxbot.example.yml','rb').read())

# pgn
put('pgn', "[Event \"a \\\"quoted\\\" name\"]\n\n1.e4 e5 2. Nf3 $1 {ok} 1-0\n\n[Event \"b\"]\n% escape line\n1. d4 ; rest of line\n d5 *\n")
put('pgn', '[Event "Rated blitz game"]\n[Site "https://lichess.org/Xk3pR9tQ"]\n[White "kingcrusher"]\n[Black "paxbot"]\n[Result "0-1"]\n[Variant "Standard"]\n\n1. e4 { [%clk 0:03:00] } 1... e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. c4 c6 12. cxb5 axb5 13. Nc3 Bb7 14. Bg5 b4 15. Nb1 h6 16. Bh4 c5 17. dxe5 Nxe4 18. Bxe7 Qxe7 19. exd6 Qf6 20. Nbd2 Nxd6 21. Nc4 Nxc4 22. Bxc4 Nb6 23. Ne5 Rae8 24. Bxf7+ Rxf7 25. Nxf7 Rxe1+ 26. Qxe1 Kxf7 27. Qe3 Qg5 28. Qxg5 hxg5 29. b3 Ke6 30. a3 Kd6 31. axb4 cxb4 32. Ra5 Nd5 33. f3 Bc8 34. Kf2 Bf5 35. Ra7 g6 36. Ra6+ Kc5 37. Ke1 Nf4 38. g3 Nxh3 39. Kd2 Kb5 40. Rd6 Kc5 41. Ra6 Nf2 42. g4 Bd3 43. Re6 0-1\n\n\n')
put('pgn', '[Event "Casual"]\n[Variant "Chess960"]\n[SetUp "1"]\n[FEN "bbrknrqn/pppppppp/8/8/8/8/PPPPPPPP/BBRKNRQN w FCfc - 0 1"]\n\n1. d4 d5 2. Ne3 Ne6 3. O-O O-O-O 4. c4 dxc4 *\n')
put('pgn', '[Event "Casual"]\n[Variant "Pacifist"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 5. d3 d6 *\n')
put('pgn', '[Event "x"]\n[SetUp "1"]\n[FEN "r3k2r/1P6/8/8/8/8/6p1/R3K2R w KQkq - 0 1"]\n\n1. b8=Q+ Rxb8 2. O-O-O g1=N 1/2-1/2\n')
# server_routes: raw HTTP/1.1 request sequences
def req(method, path, token=None, body=None, ctype='application/x-www-form-urlencoded', extra=''):
    h = f'{method} {path} HTTP/1.1\r\nHost: localhost\r\n'
    if token: h += f'Authorization: Bearer {token}\r\n'
    h += extra
    if body is not None:
        h += f'Content-Type: {ctype}\r\nContent-Length: {len(body.encode())}\r\n'
    return h + '\r\n' + (body or '')
game = [req('POST','/api/challenge/bob','alice_token','clock.limit=60&clock.increment=1&variant=standard&color=white'),
        req('POST','/api/challenge/sqIEmvsd/accept','bob_token'),
        req('GET','/api/challenge','bob_token'),
        req('GET','/api/account/playing?nb=5','alice_token'),
        req('POST','/api/bot/game/sqIEmvsd/move/e2e4','alice_token'),
        req('GET','/api/bot/game/stream/sqIEmvsd','bob_token', extra='User-Agent: fuzz\r\n')]
put('server_routes', ''.join(game))
put('server_routes', ''.join([
    req('GET','/api/account','alice_token'),
    req('POST','/api/bot/account/upgrade','human_token'),
    req('POST','/api/token/test',None,'alice_token,nope','text/plain'),
    req('GET','/api/users/status?ids=alice,bob,nobody&withGameIds=true'),
    req('GET','/api/user/Alice'),
    req('GET','/api/bot/online?nb=3'),
    req('GET','/api/stream/event','alice_token'),
    req('GET','/game/export/nope?clocks=true', extra='Accept: application/json\r\n')]))
put('server_routes', ''.join([
    req('POST','/api/challenge/bob','alice_token','{"clock":{"limit":180,"increment":2},"variant":"chess960","rated":true}','application/json'),
    req('POST','/api/challenge/alice','bob_token','days=2&variant=fromPosition&fen=rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR%20b%20KQkq%20-%200%201'),
    req('POST','/api/challenge/bob','alice_token','keepAliveStream=true&clock.limit=60&clock.increment=0'),
    req('POST','/api/challenge/sqIEmvsd/decline','bob_token','reason=tooFast'),
    req('POST','/api/challenge/sqIEmvsd/cancel','alice_token'),
    req('GET','/api/challenge/sqIEmvsd/show','alice_token')]))
put('server_routes', ''.join([
    req('POST','/_test/hooks',None,'{"action":"status","path":"/api/account","code":429,"times":1}','application/json'),
    req('POST','/_test/hooks',None,'[{"action":"slow","path":"/api/user","ms":50},{"action":"drop","path":"/api/stream/event","after":1}]','application/json'),
    req('GET','/_test/hooks'),
    req('GET','/api/account','alice_token'),
    req('GET','/api/stream/event','alice_token'),
    req('POST','/_test/clock/advance?ms=60000'),
    req('POST','/_test/tick'),
    req('DELETE','/_test/hooks')]))
put('server_routes', ''.join([
    req('POST','/api/challenge/bob','alice_token','clock.limit=60&clock.increment=1&color=white'),
    req('POST','/api/challenge/sqIEmvsd/accept','bob_token'),
    req('POST','/api/bot/game/sqIEmvsd/move/e2e4','alice_token','offeringDraw=true'),
    req('POST','/api/bot/game/sqIEmvsd/chat','alice_token','room=player&text=hello'),
    req('GET','/api/bot/game/sqIEmvsd/chat','bob_token'),
    req('POST','/api/bot/game/sqIEmvsd/draw/yes','bob_token'),
    req('POST','/api/bot/game/sqIEmvsd/takeback/no','bob_token'),
    req('POST','/api/bot/game/sqIEmvsd/abort','alice_token'),
    req('POST','/api/bot/game/sqIEmvsd/resign','bob_token'),
    req('POST','/api/bot/game/sqIEmvsd/claim-victory','bob_token'),
    req('POST','/api/bot/game/sqIEmvsd/claim-draw','bob_token'),
    req('POST','/api/bot/game/sqIEmvsd/berserk','bob_token')]))

# network: a valid file of 16 hidden units (small weights from a fixed recurrence), then
# that file truncated, with a bad magic, a bad checksum and a hidden size out of range
import struct
def fnv1a(b):
    h=2166136261
    for x in b: h=((h^x)*16777619)&0xffffffff
    return h
def network(hidden, seed=1):
    vals=[]
    x=seed
    for _ in range((768+3)*hidden):
        x=(x*1103515245+12345)&0x7fffffff
        vals.append((x>>16)%129-64)
    body=b'PAXNNUE1'+struct.pack('<IIiii',768,hidden,400,255,512)
    body+=struct.pack('<%dh'%len(vals),*vals)+struct.pack('<i',-1000)
    return body+struct.pack('<I',fnv1a(body))
good=network(16)
put('network', good)
put('network', good[:64])
put('network', b'PAXNNUE2'+good[8:])
put('network', good[:-1]+bytes([good[-1]^1]))
bad=bytearray(good); bad[12:16]=struct.pack('<I',20); put('network', bytes(bad))

