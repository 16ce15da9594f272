# Writes the Berger-table test files of validate/berger_test.go:
# round robins of 6 and 8 players paired by FIDE-GR Annex 1, and the same
# with two colours reversed (6) or two rounds exchanged (8).
# Run from this folder: python3 gen.py
import random
def berger(n):
    N=n+n%2; m=N-1; rounds=[]
    for r in range(1,m+1):
        a=next(a for a in range(1,m+1) if (2*a)%m==(r+1)%m)
        g=[(a,N) if r%2==1 else (N,a)]
        for k in range(1,N//2):
            g.append(((a-1+k)%m+1, ((a-1-k)%m+m)%m+1))
        rounds.append(g)
    return rounds
names=["Rossi, Marco","Bianchi, Luca","Esposito, Paolo","Romano, Giorgio","Colombo, Andrea","Ricci, Stefano","Marino, Davide","Greco, Matteo"]
ratings=[2105,2050,1987,1932,1890,1845,1810,1760]
fids=[2801001,2801010,2801028,2801036,2801044,2801052,2801060,2801079]
def write(path,n,rounds,title,seed):
    random.seed(seed)
    res={}
    for r,g in enumerate(rounds):
        for (w,b) in g:
            res[(r,w,b)]=random.choice(['1','=','0'])
    opp={}
    pts=[0.0]*(n+1)
    for r,g in enumerate(rounds):
        for (w,b) in g:
            x=res[(r,w,b)]
            y={'1':'0','0':'1','=':'='}[x]
            opp[(w,r)]=(b,'w',x); opp[(b,r)]=(w,'b',y)
            pts[w]+={'1':1,'=':.5,'0':0}[x]; pts[b]+={'1':1,'=':.5,'0':0}[y]
    order=sorted(range(1,n+1),key=lambda p:-pts[p])
    rank={p:i+1 for i,p in enumerate(order)}
    L=["012 "+title,"022 Firenze","032 ITA","042 2026/11/02","052 2026/11/%02d"%(1+len(rounds)),
       "062 %d"%n,"072 %d"%n,"082 1","092 Individual: Round-Robin","102 Nardi Alessio","122 90'+30\"",
       "132"+" "*88+"".join("26/11/%02d  "%(2+i) for i in range(len(rounds)))]
    for p in range(1,n+1):
        s="001 %4d m    %-33s %4d ITA %11d %10s %4.1f %4d" % (p,names[p-1],ratings[p-1],fids[p-1],"1990/01/01",pts[p],rank[p])
        for r in range(len(rounds)):
            o,c,x=opp[(p,r)]
            s+="  %4d %s %s"%(o,c,x)
        L.append(s.rstrip())
    open(path,'w',newline='').write("\r\n".join(l.rstrip() for l in L)+"\r\n")
t6=berger(6)
write("rr6_berger.trf",6,t6,"Girone Berger a 6",1)
s6=[list(g) for g in t6]
# round 2: 5-3 becomes 3-5; round 4: 1-4 becomes 4-1
s6[1]=[(3,5) if x==(5,3) else x for x in s6[1]]
s6[3]=[(4,1) if x==(1,4) else x for x in s6[3]]
write("rr6_colours.trf",6,s6,"Girone Berger a 6",1)
t8=berger(8)
write("rr8_berger.trf",8,t8,"Girone Berger a 8",2)
# rounds 3 and 6 exchanged
s8=list(t8); s8[2],s8[5]=s8[5],s8[2]
write("rr8_rounds.trf",8,s8,"Girone Berger a 8",2)
